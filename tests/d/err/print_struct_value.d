/*
 * print() of a struct by value is refused (void print(void *addr): the struct's address is
 * what print() takes, print(&s) or a pointer); dtrace -s names the struct type.
 */
struct s {
	int a;
	int b;
} x;

BEGIN
{
	x.a = 1;
	print(x);
}
