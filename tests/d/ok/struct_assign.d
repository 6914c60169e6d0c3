/* @root */
/* Whole struct and union values assigned to members and variables of every kind: global,
 * this->, self->, associative array elements, and implicitly declared ones. Only the
 * member's own bytes change (its neighbours keep theirs). */
#pragma D option quiet

struct pt { int x; int y; };
struct box { char tag; struct pt a; struct pt b; char end; };

struct box G;
this struct box t;
struct pt P;

BEGIN
{
	P.x = 1; P.y = 2;
	G.tag = 'g'; G.end = 'e';
	G.b = P;
	this->t.a = G.b;
	this->t.end = 'z';
	self->s = this->t;
	self->s.b = P;
	self->s.b.y = 9;
	h[1] = G;
	h[1].a = self->s.b;
	copy = self->s;
	printf("%c %d %d %c\n", G.tag, G.b.x, G.b.y, G.end);
	printf("%d %d %c\n", this->t.a.x, this->t.a.y, this->t.end);
	printf("%d %d %d %d %c\n", self->s.a.x, self->s.a.y, self->s.b.x, self->s.b.y, self->s.end);
	printf("%c %d %d %d %d\n", h[1].tag, h[1].a.x, h[1].a.y, h[1].b.x, h[1].b.y);
	printf("%d %d\n", copy.b.x, copy.b.y);
	exit(0);
}
