/* @root */
/* Thread-local, associative, global and clause-local variables initialised from strings of every
 * length up to and past strsize (16 here: 15 characters and the NUL fit, a longer string is cut
 * to strsize characters), from other variables, from subroutine results and built-ins; strings
 * as keys; a copy keeps its value when the source changes. Expected output: DTrace for Linux's.
 * (Not compared here: strings of exactly strsize characters compared with ==, which DTrace for
 * Linux finds unequal even to themselves, reading past the strsize bytes it keeps.) */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	self->a = "";
	self->b = "a";
	self->c = "0123456789abcde";
	self->d = "0123456789abcdef";
	self->e = "0123456789abcdefXYZ";
	a[1] = self->c;
	a[2] = self->d;
	a[3] = self->e;
	g = self->e;
	this->t = a[3];
	printf("[%s][%s][%s][%s][%s]\n", self->a, self->b, self->c, self->d, self->e);
	printf("%d %d %d %d %d\n", strlen(self->a), strlen(self->b), strlen(self->c),
	    strlen(self->d), strlen(self->e));
	printf("[%s][%s][%s][%s][%s]\n", a[1], a[2], a[3], g, this->t);
}

BEGIN
{
	k["0123456789abcdefQQQ"] = 1;
	k["0123456789abcdefRRR"]++;
	printf("%d\n", k["0123456789abcdef"]);
	self->j = strjoin("01234567", "89abcdefgh");
	a[4] = substr("hello, world", 7);
	a[5] = lltostr(-1234567890123);
	b[probename, 1] = probefunc;
	printf("[%s][%s][%s][%s]\n", self->j, a[4], a[5], b["BEGIN", 1]);
	self->src = "first";
	self->dst = self->src;
	self->src = "second";
	printf("%s %s\n", self->dst, self->src);
	this->x = 1;
	self->cond = this->x ? "yes-a-long-answer-here" : "no";
	printf("%s\n", self->cond);
	exit(0);
}
