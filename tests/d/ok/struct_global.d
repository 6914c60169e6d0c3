/* @root */
/* A global struct variable and its members; sizeof and offsetof on the declared struct (9:
 * a D program's struct has no tail padding, as CTF lays it out; checked against DTrace for Linux). */
#pragma D option quiet

struct point {
	int x;
	int y;
	char tag;
};

struct point p;

BEGIN
{
	p.x = 3;
	p.y = -4;
	p.tag = 'q';
	printf("%d %d %c\n", p.x, p.y, p.tag);
	printf("%d %d %d\n", sizeof (p), offsetof(struct point, y), offsetof(struct point, tag));
	exit(0);
}
