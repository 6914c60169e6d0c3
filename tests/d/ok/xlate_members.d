/* @root */
/* Translated members are the translator's expressions over the xlate's input: through a
 * pointer (xlate<T *>(p)->m, (*xlate<T *>(p)).m), as a struct (xlate<T>(p).m), in predicates,
 * aggregation keys and printf arguments. */
#pragma D option quiet

struct raw {
	int lo;
	int hi;
	char tag;
};

struct cooked {
	long sum;
	int diff;
	char upper;
	string name;
	int unused;
};

translator struct cooked < struct raw *r >
{
	sum = (long)r->lo + r->hi;
	diff = r->hi - r->lo;
	upper = r->tag - 'a' + 'A';
	name = r->tag == 'x' ? "ex" : "other";
};

BEGIN
{
	this->p = (struct raw *)alloca(sizeof (struct raw));
	this->p->lo = 3;
	this->p->hi = 10;
	this->p->tag = 'x';
	printf("sum %d diff %d upper %c name %s\n", xlate<struct cooked *>(this->p)->sum,
	    xlate<struct cooked *>(this->p)->diff, xlate<struct cooked>(this->p).upper,
	    (*xlate<struct cooked *>(this->p)).name);
	@by[xlate<struct cooked *>(this->p)->name] = sum(xlate<struct cooked>(this->p).diff);
	s = xlate<struct cooked *>(this->p)->sum;
}

/* a scalar input: an int, and a long passed where the int is expected */
struct pair {
	int twice;
	int half;
};

translator struct pair < int v >
{
	twice = v * 2;
	half = v / 2;
};

BEGIN
/xlate<struct pair>(s).twice == 26/
{
	/* sizeof: no tail padding (CTF layout), and the string member is strsize (256) bytes,
	 * aligned 1: 276, as DTrace for Linux prints. */
	printf("predicate saw twice 26, half %d, sizeof %d, offsetof diff %d\n",
	    xlate<struct pair>(s).half, sizeof (struct cooked), offsetof(struct cooked, diff));
}

END
{
	printa("%s %@d\n", @by);
}

BEGIN
{
	exit(0);
}
