/* sizeof of translated data is its output type's size, once a translator is found: for
 * xlate <T> (e), *xlate <T *> (e) and a library one (Guide, "Translators": the result of
 * xlate is of the output type; observed: dtrace -s prints these sizes), and a pointer's size
 * for xlate <T *> (e). */
#pragma D option quiet

struct o {
	int a;
	char c;
	long l;
};

struct i {
	int b;
};

translator struct o < struct i *p > { a = p->b; c = 'x'; };

BEGIN
{
	printf("%d %d %d %d\n", sizeof (xlate<struct o>((struct i *)0)),
	    sizeof (*xlate<struct o *>((struct i *)0)), sizeof (xlate<struct o *>((struct i *)0)),
	    sizeof (xlate<psinfo_t>(curthread)));
	exit(0);
}
