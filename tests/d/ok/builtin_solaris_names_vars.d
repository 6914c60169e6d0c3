/* Names that are built-in variables on Solaris only (zonename, execargs, uregs32) are free
 * for a program's own variables in DTrace for Linux. */
#pragma D option quiet

BEGIN
{
	zonename = "z";
	execargs = 2;
	uregs32 = 3;
	printf("%s %d %d\n", zonename, execargs, uregs32);
	exit(0);
}
