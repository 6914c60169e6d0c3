/* @root */
/* basename() corner cases (dtrace_dif.c, DIF_SUBR_BASENAME). */
#pragma D option quiet

BEGIN
{
	printf("%s|%s|%s|%s\n", basename("/usr/bin/ls"), basename("/usr/bin/"), basename("/"),
	    basename("ls"));
	printf("%s|%s|%s|%s\n", basename(""), basename("//a//b//"), basename("/ls"),
	    basename("a/"));
	exit(0);
}
