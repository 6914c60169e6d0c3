/* @root */
/* Which translator an xlate uses: the one whose input type is the argument's (typedefs
 * aside), else the first one defined that the argument could be passed to (a void * goes to
 * the first struct pointer one); several translators may share an output type. Translators
 * may translate through each other, take a struct by value, and produce a union. */
#pragma D option quiet

struct a { int x; };
struct b { int y; int z; };
typedef struct a a_t;

struct view {
	int v;
	int from_b;
};

union word {
	int i;
	char c;
};

translator struct view < struct a *p > { v = p->x; from_b = 0; };
translator struct view < struct b *p > { v = p->y + p->z; from_b = 1; };
translator struct view < struct b q > { v = q.y * 100; from_b = 2; };
translator union word < a_t *p > { i = xlate<struct view *>(p)->v + 1; };

struct b gb;

BEGIN
{
	this->a = (a_t *)alloca(sizeof (a_t));
	this->a->x = 5;
	this->b = (struct b *)alloca(sizeof (struct b));
	this->b->y = 2;
	this->b->z = 3;
	this->vp = (void *)this->b;
	gb.y = 7;
	printf("a: %d %d\n", xlate<struct view *>(this->a)->v, xlate<struct view>(this->a).from_b);
	printf("b: %d %d\n", xlate<struct view *>(this->b)->v, xlate<struct view>(this->b).from_b);
	printf("void *: %d %d\n", xlate<struct view *>(this->vp)->v,
	    xlate<struct view *>(this->vp)->from_b);
	printf("by value: %d %d\n", xlate<struct view>(gb).v, xlate<struct view>(gb).from_b);
	printf("union: %d\n", xlate<union word *>(this->a)->i);
	exit(0);
}
