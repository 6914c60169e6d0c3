/* An associative array takes at most 9 keys: dtrace builds them in its 8 tuple registers and
 * its code generator's bound check lets a ninth through, failing on a tenth, with no line
 * number and no tag (dtrace -n 'BEGIN { self->a[1,2,3,4,5,6,7,8,9,10] = 1; }'). */
BEGIN
{
	self->a[1, 2, 3, 4, 5, 6, 7, 8, 9, 10] = 1;
}
