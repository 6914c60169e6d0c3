/* soak.d — the program of bench/soak.sh: on every firing a printf record, an aggregation with
 * up to 100000 keys and a quantize, a speculation committed one time in eight and discarded
 * otherwise; a user stack one firing in 1024; every 10 s the keys and stacks are printed and
 * cleared (with processes coming and going, each brings stacks of its own: kept, they would
 * grow without bound by the program's own doing). */
#pragma D option quiet
#pragma D option nspec=16
#pragma D option aggsize=64m

soak*:::fire
{
	printf("%d %d\n", arg0, arg1);
	@keys[arg1] = count();
	@dist = quantize(arg0 & 0xffff);
	@fired = count();
}

soak*:::fire
/(arg0 & 1023) == 0/
{
	@stacks[ustack()] = count();
}

soak*:::fire
{
	self->spec = speculation();
	speculate(self->spec);
	printf("spec %d\n", arg0);
}

soak*:::fire
/self->spec && (arg0 & 7) == 0/
{
	commit(self->spec);
	self->spec = 0;
}

soak*:::fire
/self->spec/
{
	discard(self->spec);
	self->spec = 0;
}

tick-10s
{
	printa(@keys);
	trunc(@keys);
	printa(@stacks);
	trunc(@stacks);
}

END
{
	printa("firings traced: %@d\n", @fired);
}
