/* @root */
/* trace() of variables of several types. */
#pragma D option quiet

BEGIN
{
	i = 7;
	s = "text";
	self->c = (uint8_t)200;
	trace(i);
	trace(",");
	trace(s);
	trace(",");
	trace(self->c);
	trace(",");
	trace(i * 1000000000000);
	printf("\n");
	exit(0);
}
