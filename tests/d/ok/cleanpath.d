/* @root */
#pragma D option quiet

/* cleanpath(): "//", "/./" and "/name/.." are rewritten in one pass as dtrace does; ".."
 * at the start backs up to the start, names that only begin with dots are kept; a trailing
 * slash (or "/.") is dropped unless it is the whole path, as DTrace for Linux prints it. */
BEGIN
{
	printf("[%s]\n", cleanpath("/foo/bar/.././../sys/foo"));
	printf("[%s]\n", cleanpath("//a//b//"));
	printf("[%s]\n", cleanpath("a/./b"));
	printf("[%s]\n", cleanpath("/.."));
	printf("[%s]\n", cleanpath("/../x"));
	printf("[%s]\n", cleanpath("/a/b/.."));
	printf("[%s]\n", cleanpath("/a/.b/..c/..."));
	printf("[%s]\n", cleanpath("a/."));
	printf("[%s]\n", cleanpath("/a/b/../../../c"));
	printf("[%s]\n", cleanpath(""));
	printf("[%s]\n", cleanpath("/"));
	printf("[%s]\n", cleanpath("/a/b/../"));
	printf("[%s]\n", cleanpath("/a/."));
	exit(0);
}
