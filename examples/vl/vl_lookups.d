/*
 * vl_lookups.d — the vlserver's lookups through the vl provider (vl.d): each name looked up,
 * how many names it was compared with, the lookups by number, and the replies by code.
 */
#pragma D option quiet

vl$target:::lookup-start
{
	self->name = args[0];
	self->cmp = 0;
}

vl$target:::compare
/args[0] == self->name/
{
	printf("%-16s matched after %d comparisons\n", args[1], self->cmp + 1);
}

vl$target:::compare
{
	self->cmp++;
}

vl$target:::lookup-done
/!args[0]/
{
	printf("%-16s not found (%d comparisons)\n", self->name, self->cmp);
}

vl$target:::lookup-done
{
	@lookups[probename, args[0] ? "found" : "not found"] = count();
	@cmps = quantize(self->cmp);
	self->name = 0;
}

vl$target:::byid-start
{
	@byid[args[0]] = count();
}

vl$target:::reply
{
	@replies[probeprov, probefunc, args[0]] = count();
}

END
{
	printa("%-12s %-10s %@u\n", @lookups);
	printa("byid %d: %@u\n", @byid);
	printa("%s %s reply %d: %@u\n", @replies);
	printa(@cmps);
}
