/* An associative array takes at most 8 keys: dtrace passes them in its 8 tuple registers and
 * its code generator fails on a ninth, with no line number and no tag. */
BEGIN
{
	self->a[1, 2, 3, 4, 5, 6, 7, 8, 9] = 1;
}
