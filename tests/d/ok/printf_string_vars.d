/* @root */
/* %s of string variables, associative-array values and subroutine results, with widths. */
#pragma D option quiet

BEGIN
{
	a = "alpha";
	m["k"] = "beta";
	printf("%s/%s/%s\n", a, m["k"], toupper(a));
	printf("[%-8s][%8s]\n", a, m["k"]);
	exit(0);
}
