/* dtrace keeps the scratchsize option rounded up to a multiple of 8 bytes: with 100, alloca()
 * may take 104 bytes (alloca(104) compiles), and the message names 104. */
#pragma D option scratchsize=100

BEGIN
{
	p = alloca(104);
	q = alloca(105);
}
