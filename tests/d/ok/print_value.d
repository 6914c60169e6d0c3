/* @root */
/* print() of values that are not pointers: a struct by value (members by name, zero ones left
 * out, arrays element by element, enums by name), a scalar, and printsize cutting a struct
 * short at run time (setopt). */
#pragma D option quiet

enum color { RED = 1, GREEN = 2 };

struct inner {
	short s;
	unsigned char uc;
};

struct outer {
	int i;
	char name[4];
	struct inner in;
	struct inner arr[2];
	enum color c;
	__u32 u;
	long neg;
	int zero;
};

BEGIN
{
	o = (struct outer *)alloca(sizeof(struct outer));
	o->i = 7;
	o->name[0] = 'h';
	o->name[1] = 'i';
	o->in.s = -3;
	o->arr[1].uc = 200;
	o->c = GREEN;
	o->u = 0xffffffff;
	o->neg = -42;
	print(*o);
	x = 12;
	print(x);
	setopt("printsize", "8");
	print(*o);
	exit(0);
}
