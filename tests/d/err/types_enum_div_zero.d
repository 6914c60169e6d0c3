/* A division by zero in an enumerator's value is that division's error (D_DIV_ZERO), worded
 * as DTrace for Linux words it, not the enumerator's "integral constant expression" one. */
enum e { A = 10 / 0 };

BEGIN
{
	exit(0);
}
