/* @root */
#pragma D option quiet

BEGIN
{
	printf("%s\n", strjoin("foo", "bar"));
	printf("[%s]\n", strjoin("", ""));
	printf("%s\n", strjoin(strjoin("a", "b"), strjoin("c", "d")));
	x = "left";
	printf("%s\n", strjoin(x, "-right"));
	exit(0);
}
