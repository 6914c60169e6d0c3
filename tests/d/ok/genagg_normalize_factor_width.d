/* normalize()'s factor is read as an unsigned number of its expression's size, and a printa()
 * %@d/%@i conversion divides signed by it read as signed (DTrace for Linux, observed:
 * dtrace -qn 'BEGIN { @c = sum(-1); normalize(@c, (char)-1); printa("%@u\n", @c); exit(0); }'
 * prints 72340172838076673, (2^64 - 1) / 0xff; with an int -1 the factor is 0xffffffff,
 * with a long -1 it is 2^64 - 1, and %@d of a sum of 100 prints -100). A negative factor is
 * outside the Guide's "normalization factor" (it divides counts into a rate); this pins down
 * the arithmetic dtrace does with one. */
#pragma D option quiet
BEGIN
{
	@a = sum(-1);
	@b = sum(-1);
	@c = sum(-100);
	@d = sum(100);
	@e = sum(-100);
	@f = sum(5 * 4294967296);
	normalize(@a, (char)-1);
	normalize(@b, (short)-2);
	normalize(@c, -1);
	normalize(@d, (long)-1);
	normalize(@e, (long)-1);
	normalize(@f, -1);
	printa("%@u %@x\n", @a);
	printa("%@u %@x\n", @b);
	printa("%@d %@u %@x\n", @c);
	printa("%@d %@i %@u\n", @d);
	printa("%@d %@i %@u\n", @e);
	printa(@f);
	exit(0);
}
