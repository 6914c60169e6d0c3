/* @root */
/* dirname() and basename() of "", "/", "a", "a/", "//" and trailing or doubled slashes, as
 * DTrace for Linux gives them. */
#pragma D option quiet
BEGIN { printf("[%s] [%s] [%s] [%s] [%s]\n", dirname(""), dirname("/"), dirname("a"), dirname("a/"), dirname("//")); }
BEGIN { printf("[%s] [%s] [%s] [%s] [%s]\n", basename(""), basename("/"), basename("a"), basename("a/"), basename("//")); }
BEGIN { printf("[%s] [%s] [%s] [%s]\n", dirname("/a/b//"), basename("/a/b//"), dirname("a//b"), basename("...")); }
BEGIN { printf("[%s] [%s] [%s] [%s]\n", dirname("a/b/"), basename("a/b/"), dirname("/a"), basename("/a")); exit(0); }
