struct foo {
	int a;
};

struct foo p;

BEGIN
{
	x = !p; /* error here */
}
