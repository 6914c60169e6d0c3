/* pid$target with neither -c nor -p: $target is 0, and dtrace refuses the pid itself (even
 * with -Z), not the description. Observed with DTrace for Linux:
 *   dtrace -qn 'pid$target:::entry { exit(0); }'   -> pid0 does not contain a valid pid */
pid$target::main:entry
{
	exit(0);
}
