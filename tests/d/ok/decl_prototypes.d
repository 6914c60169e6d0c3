/* @root */
/* D accepts function prototypes (libdtrace declares them as external symbols), variadic
 * ones included, and a struct and a union may share a tag name: D names tags with their
 * kind. */
#pragma D option quiet

int a(int b);
extern int printf_like(const char *, ...);
static int g(void), h(int, char *);

struct record { int a; long b; } r;
union record { char c; int i; } u;

BEGIN
{
	printf("%d %d\n", sizeof(struct record), sizeof(union record));
	exit(0);
}
