/* @root */
/* copyinto() checks its size against the scratchsize (256 bytes by default) before either
 * address: 300 bytes from an unreadable address into an 8-byte buffer is a bad size, not a bad
 * address (dtrace's order). The fault ends only its own clause. Expectation: dtrace's output
 * for this script. */
#pragma D option quiet

BEGIN
{
	p = alloca(8);
	n = 300;
	copyinto(8, n, p);
}

BEGIN
{
	exit(0);
}
