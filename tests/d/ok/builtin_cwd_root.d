/* @root */
/* @opts: -q */
/*
 * cwd and root: the current process's working and root directories (Dynamic Tracing Guide,
 * built-in variables; dtrace's procfs.d defines them as d_path() of curthread->fs->pwd and
 * ->root). The corpus runs each script from its own folder, tests/d/ok. (DTrace for Linux
 * prints "<unknown>" for both in BEGIN, where its d_path() finds no path; usdtrace follows
 * the definition.)
 */
BEGIN
{
	printf("%s %s %d\n", basename(cwd), root, strlen(cwd) > 3);
	exit(0);
}
