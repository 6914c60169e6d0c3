/* @root */
/* libdtrace does not check what a prototype returns: a function returning an array or a function is accepted, as it declares nothing the program uses. */
#pragma D option quiet
int f(int)[3];
int (g(int))(char);
BEGIN { printf("ok\n"); exit(0); }
