/* @root */
/* sizeof and offsetof of D-declared structs as DTrace for Linux lays them out (libctf): members at
 * their C alignment, a struct member aligned as its first member, no tail padding after a struct
 * member: 21 4 5 for struct nested, where C says 24 4 8 (checked against dtrace itself). */
#pragma D option quiet

struct foo {
	char c;
	int i;
	long l;
};

struct bar {
	char a;
	char b;
	short s;
};

struct nested {
	struct bar b;
	char c;
	struct foo f;
};

BEGIN
{
	printf("%d %d %d\n", sizeof (struct foo), offsetof(struct foo, i), offsetof(struct foo, l));
	printf("%d %d\n", sizeof (struct bar), offsetof(struct bar, s));
	printf("%d %d %d\n", sizeof (struct nested), offsetof(struct nested, c),
	    offsetof(struct nested, f));
	exit(0);
}
