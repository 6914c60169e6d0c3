struct foo {
	int a;
};

struct foo p;

BEGIN
{
	s = stringof(p); /* error here */
}
