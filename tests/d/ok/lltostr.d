/* @root */
#pragma D option quiet

BEGIN
{
	printf("%s %s %s\n", lltostr(0), lltostr(-123), lltostr(9223372036854775807));
	printf("%s\n", lltostr(-9223372036854775807 - 1));
	x = 42;
	printf("%s\n", strjoin("x=", lltostr(x)));
	exit(0);
}
