/* @root */
/* dirname() corner cases (dtrace_dif.c, DIF_SUBR_DIRNAME). */
#pragma D option quiet

BEGIN
{
	printf("%s|%s|%s|%s\n", dirname("/usr/bin/ls"), dirname("/usr/bin/"), dirname("/"),
	    dirname("ls"));
	printf("%s|%s|%s|%s\n", dirname(""), dirname("//a//b//"), dirname("/ls"), dirname("a/"));
	exit(0);
}
