/* @opts: -q */
/* "#pragma D" with no directive is passed over (observed: dtrace runs the program) */
#pragma D
BEGIN
{
	printf("ran\n");
	exit(0);
}
