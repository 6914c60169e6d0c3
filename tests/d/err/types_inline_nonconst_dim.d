/* An inline whose value is not a compile-time constant (pid) cannot give an array its
 * dimension (Guide, "Inlines": only an inline that evaluates to an integer constant may stand
 * in a constant expression); the error is the dimension's, as DTrace for Linux reports it. */
inline int X = pid;
int a[X];

BEGIN
{
	exit(0);
}
