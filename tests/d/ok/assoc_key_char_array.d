/* @root */
/* An associative array key of a char array is the string of its characters up to the NUL (or
 * all of them, when there is none): an equal string finds the same element. Observed with
 * DTrace for Linux: after x[curthread->comm] = 1, x[execname] is 1; after x[n] = 1 of a
 * char n[8] holding "hi", x["hi"] is 1, and no longer x[n] once n holds "ji" (the key is the
 * characters the array held, not the array). The Guide: char arrays are strings where D wants
 * a string ("Strings", string comparison of char arrays). */
#pragma D option quiet

struct named {
	char n[8];
} g;
char n[8];
char m[8];
char big[40];
this char t[8];

BEGIN
{
	a[curthread->comm] = 1;
	printf("comm/execname %d %d\n", a[execname], a[curthread->comm]);

	n[0] = 'h';
	n[1] = 'i';
	b[n] = 2;
	printf("global %d %d %d\n", b["hi"], b[n], b["h"]);
	n[0] = 'j';
	printf("changed %d %d\n", b["hi"], b[n]);

	g.n[0] = 'h';
	c[g.n] = 3;
	printf("member %d\n", c["h"]);

	m[0] = 'h'; m[1] = 'e'; m[2] = 'l'; m[3] = 'l';
	m[4] = 'o'; m[5] = 'w'; m[6] = 'o'; m[7] = 'r';
	d[m] = 4;
	printf("no NUL %d %d\n", d["hellowor"], d["hellowo"]);

	big[0] = 'x';
	e[big] = 5;
	printf("char[40] %d\n", e["x"]);

	f[7, curthread->comm] = 6;
	printf("tuple %d %d\n", f[7, execname], f[8, execname]);

	this->t[0] = 'y';
	h[this->t] = 7;
	printf("this %d\n", h["y"]);
	exit(0);
}
