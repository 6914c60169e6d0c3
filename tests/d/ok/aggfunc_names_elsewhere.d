/*
 * Aggregating functions' names stay free where they are not global identifiers: as
 * thread-local and clause-local variables and as aggregation names.
 * Expected: DTrace for Linux's output for this program.
 */
#pragma D option quiet

BEGIN
{
	self->sum = 1;
	this->count = 2;
	@sum = sum(self->sum + this->count);
	@count[1] = count();
	printf("%d\n", self->sum + this->count);
	printa(@sum);
	printa(@count);
	exit(0);
}
