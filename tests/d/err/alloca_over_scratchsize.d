/* An alloca() of a constant size larger than the scratchsize option can never succeed: dtrace
 * refuses it when compiling. */
#pragma D option scratchsize=64

BEGIN
{
	p = alloca(65);
}
