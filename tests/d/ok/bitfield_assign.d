/* @root */
/* Assigning to a bit-field keeps the low bits of the value in the field and leaves the
 * other fields of its unit alone (globals, clause-locals). */
#pragma D option quiet
struct bits { int a : 1; int b : 15; int c : 31; unsigned d : 3; } v;
BEGIN
{
	v.a = 256; v.b = 65536; v.c = 4294967296; v.d = 13;
	printf("%d %d %d %d\n", v.a, v.b, v.c, v.d);
	v.b = 100; v.d = 5; v.a = 1;
	printf("%d %d %d %d\n", v.a, v.b, v.c, v.d);
	this->t = v; this->t.d = 6;
	printf("%d %d\n", this->t.b, this->t.d);
	exit(0);
}
