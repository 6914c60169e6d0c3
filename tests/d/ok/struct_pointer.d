/* @root */
/* -> through a pointer to a struct in scratch memory. */
#pragma D option quiet

struct foo {
	int a;
	long b;
};

BEGIN
{
	this->p = (struct foo *)alloca(sizeof (struct foo));
	this->p->a = 1;
	this->p->b = 1L << 40;
	printf("%d %d %d\n", this->p->a, this->p->b, sizeof (*this->p));
	exit(0);
}
