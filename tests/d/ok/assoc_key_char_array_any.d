/* @root */
/* A string and an equal char array find one element whichever came first and wherever in the
 * tuple the key is (the rule of assoc_key_char_array.d, held to in every position).
 * DEPARTS FROM DTrace for Linux, which prints "0 1", "0 2", "0 3" and "0" here: it packs a
 * string key in a char array's slot one byte longer than the array's own (dt_cg_arglist), so
 * x["h", 3] misses x[n, 3] and self->x["h"] misses self->x[n] (the thread key follows), and a
 * char[8] key of a string signature is read as strsize bytes from the 8-byte array (x[n]
 * misses x["h"]; self->x[curthread->comm] misses self->x[execname]). A key's characters
 * are the key (the Guide's strings), so those are its bugs. */
#pragma D option quiet

char n[8];

BEGIN
{
	n[0] = 'h';
	a[n, 3] = 1;
	printf("%d %d\n", a["h", 3], a[n, 3]);
	self->b[n] = 2;
	printf("%d %d\n", self->b["h"], self->b[n]);
	c["h"] = 3;
	printf("%d %d\n", c[n], c["h"]);
	self->d[execname] = 4;
	printf("%d\n", self->d[curthread->comm]);
	exit(0);
}
