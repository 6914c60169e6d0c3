/* @root */
/* self and this declarations give the variables their types before any assignment. */
#pragma D option quiet

self int sx;
this string ts;
self uint8_t sb;

BEGIN
{
	this->ts = "declared";
	self->sx = -4;
	self->sb = 257;
	printf("%s %d %d\n", this->ts, self->sx, self->sb);
	exit(0);
}
