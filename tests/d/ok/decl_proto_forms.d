/* @root */
/* Prototypes (Guide, "Function Prototypes" under "External Symbols and Types"): varargs with and without a first parameter, register parameters, (void); they declare nothing the program uses. */
#pragma D option quiet
int f1(...);
int f2(char *fmt, ...);
int f3(register int x, register long y);
int f4(void);
extern int f5(int);
static int f6(int (*)(int), char *[]);
BEGIN { printf("ok\n"); exit(0); }
