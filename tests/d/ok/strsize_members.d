/* @opts: -x strsize=13 */
/* @root */
/*
 * A string inside a struct, an array or a struct-valued variable holds strsize bytes in its
 * place, as dtrace's string is char[strsize]: the layout moves with strsize (the int after a
 * 13-byte string starts at 16), a longer string is cut at strsize characters, and the cut
 * value is what prints, compares, keys an aggregation and goes through string subroutines.
 * Expected output from DTrace for Linux, but for one value: a string of exactly strsize
 * characters compared with the same characters is equal here (cmp's first 1), as strcmp
 * defines it; DTrace for Linux 2.0 says 0 for it, even for `w == w` with such a w (it reads
 * past the strsize bytes, which hold no NUL), which no definition of == supports.
 */
#pragma D option quiet

struct rec {
	char tag;
	string name;
	int n;
};

struct rec g, h;
string names[4];
this struct rec t;
self struct rec s;
struct rec byname[string];

BEGIN
{
	printf("layout %d %d %d %d\n", offsetof(struct rec, name), offsetof(struct rec, n),
	    sizeof (struct rec), sizeof (names));

	g.name = "abcdefghijklmnopqrstuvwxyz";
	g.n = 3;
	g.tag = 'x';
	printf("global [%s] %d %c\n", g.name, g.n, g.tag);
	printf("unset [%s] [%s]\n", h.name, names[3]);

	names[0] = "0123456789ABCDEFGH";
	names[1] = "short";
	i = 2;
	names[i] = "run-time index, cut";
	printf("array [%s] [%s] [%s] [%s]\n", names[0], names[1], names[i], names[i - 1]);

	this->t.name = "this-> member longer than strsize";
	printf("this [%s]\n", this->t.name);

	h = g;
	h.n++;
	printf("copy [%s] %d\n", h.name, h.n);

	self->s = g;
	self->s.name = "self member";
	printf("self [%s] %d\n", self->s.name, self->s.n);

	byname["k"] = g;
	byname["k"].name = "assoc member, long";
	printf("assoc [%s] %d\n", byname["k"].name, byname["k"].n);

	this->p = (struct rec *)alloca(sizeof (struct rec));
	this->p->name = "through a pointer to alloca";
	this->p->n = 9;
	printf("alloca [%s] %d\n", this->p->name, this->p->n);

	printf("strlen %d, substr [%s], strjoin [%s]\n", strlen(g.name), substr(g.name, 10),
	    strjoin(names[1], names[1]));
	printf("cmp %d %d %d %d\n", g.name == "abcdefghijklm", g.name == "abc",
	    names[1] == "short", names[1] < "shorter");

	@count[g.name, names[1]] = count();
	@count[g.name, names[1]] = count();
	@count[names[0], names[2]] = count();
	printa("key [%s] [%s] %@d\n", @count);
	exit(0);
}
