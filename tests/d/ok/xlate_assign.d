/* @root */
/* A translated struct may be assigned to a struct variable of its type, member by member: the
 * members the translator defines get their translations, its other scalar members 0. */
#pragma D option quiet

struct in {
	int a;
	int b;
};

struct out {
	int sum;
	int left_out;
	char name[8];
	int prod;
};

translator struct out < struct in *p >
{
	sum = p->a + p->b;
	prod = p->a * p->b;
};

struct out g;

BEGIN
{
	this->p = (struct in *)alloca(sizeof (struct in));
	this->p->a = 6;
	this->p->b = 7;
	g.left_out = 99;
	g = xlate<struct out>(this->p);
	fresh = xlate<struct out>(this->p);
	self->s = xlate<struct out>(this->p);
	printf("g: %d %d %d\n", g.sum, g.prod, g.left_out);
	printf("fresh: %d %d %d\n", fresh.sum, fresh.prod, fresh.left_out);
	printf("self: %d %d\n", self->s.sum, self->s.prod);
	exit(0);
}
