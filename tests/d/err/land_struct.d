struct foo {
	int a;
};

struct foo p;

BEGIN
{
	x = p && 1; /* error here */
}
