/* @root */
/* cleanpath() of relative, empty, dot-only and slash-heavy paths, as DTrace for Linux cleans
 * them ("a/../b" is "b", "../x" stays, "//a//b/" is "/a/b", "" stays "", "." stays "."). */
#pragma D option quiet
BEGIN { printf("[%s] [%s] [%s] [%s] [%s]\n", cleanpath("a/../b"), cleanpath("../x"), cleanpath("//a//b/"), cleanpath("/a/./b/../../c"), cleanpath("a/b/..")); }
BEGIN { printf("[%s] [%s] [%s] [%s] [%s] [%s]\n", cleanpath(""), cleanpath("/"), cleanpath("."), cleanpath(".."), cleanpath("/.."), cleanpath("./a/")); exit(0); }
