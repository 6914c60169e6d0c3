/* @root */
/* sizeof and offsetof follow the C ABI's alignment rules (x86-64 System V). */
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
