/* @root */
/* Indexes at or past the end give the empty string; lengths past the end stop at the end. */
#pragma D option quiet

BEGIN
{
	s = "hello";
	printf("[%s]\n", substr(s, 5));
	printf("[%s]\n", substr(s, 10));
	printf("[%s]\n", substr(s, 0, 100));
	printf("[%s]\n", substr(s, 4, 1000));
	printf("[%s]\n", substr("", 0));
	exit(0);
}
