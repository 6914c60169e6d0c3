/* @root */
#pragma D option quiet

/* cleanpath() of relative paths and the rest of the Guide's rules ("/./" removed, "/../"
 * collapsed without regard to links): a relative path stays relative, ".." that nothing
 * before it cancels stays at its start ("a/../../b" is "../b"), a path that cleans away to
 * nothing is "."; above the root of an absolute path ".." is the root. Expected output from
 * DTrace for Linux (its bpf/cleanpath.S describes the same rules). */
BEGIN
{
	printf("%-20s [%s]\n", "a/../b/./c", cleanpath("a/../b/./c"));
	printf("%-20s [%s]\n", "../a", cleanpath("../a"));
	printf("%-20s [%s]\n", "a/..", cleanpath("a/.."));
	printf("%-20s [%s]\n", "a/../..", cleanpath("a/../.."));
	printf("%-20s [%s]\n", ".", cleanpath("."));
	printf("%-20s [%s]\n", "..", cleanpath(".."));
	printf("%-20s [%s]\n", "./a", cleanpath("./a"));
	printf("%-20s [%s]\n", "a/b/../../c", cleanpath("a/b/../../c"));
	printf("%-20s [%s]\n", "a/", cleanpath("a/"));
	printf("%-20s [%s]\n", "a//b", cleanpath("a//b"));
	printf("%-20s [%s]\n", "a/b/c/../../../../d", cleanpath("a/b/c/../../../../d"));
}

/* the rest in two more probes: one probe's program holds some 14 cleanpath() loops */
tick-1ms
/!done/
{
	printf("%-20s [%s]\n", "./", cleanpath("./"));
	printf("%-20s [%s]\n", "./.", cleanpath("./."));
	printf("%-20s [%s]\n", "../..", cleanpath("../.."));
	printf("%-20s [%s]\n", "../../a/..", cleanpath("../../a/.."));
	printf("%-20s [%s]\n", "a/./", cleanpath("a/./"));
	printf("%-20s [%s]\n", "..a", cleanpath("..a"));
	printf("%-20s [%s]\n", ".a/..", cleanpath(".a/.."));
	printf("%-20s [%s]\n", "a/..b", cleanpath("a/..b"));
	printf("%-20s [%s]\n", "a/b/", cleanpath("a/b/"));
	printf("%-20s [%s]\n", "./..", cleanpath("./.."));
	printf("%-20s [%s]\n", "a/../../b/../c", cleanpath("a/../../b/../c"));
	done = 1;
	exit(0);
}

END
{
	printf("%-20s [%s]\n", "../", cleanpath("../"));
	printf("%-20s [%s]\n", "..//", cleanpath("..//"));
	printf("%-20s [%s]\n", "a/.b/..", cleanpath("a/.b/.."));
	printf("%-20s [%s]\n", ".../..", cleanpath(".../.."));
	printf("%-20s [%s]\n", "/../a", cleanpath("/../a"));
	printf("%-20s [%s]\n", "/a/../../b", cleanpath("/a/../../b"));
	printf("%-20s [%s]\n", "//", cleanpath("//"));
	printf("%-20s [%s]\n", "/a/b/../../..", cleanpath("/a/b/../../.."));
	printf("%-20s [%s]\n", "/a/.../..", cleanpath("/a/.../.."));
	printf("%-20s [%s]\n", "/../../x//y/./z/..", cleanpath("/../../x//y/./z/.."));
}
