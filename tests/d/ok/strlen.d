/* @root */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("%d %d %d %d\n", strlen(s), strlen(""), strlen("a b c"), strlen(strjoin(s, s)));
	exit(0);
}
