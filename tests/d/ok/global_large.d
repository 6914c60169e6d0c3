/* @root */
/* Global arrays and structs larger than 4096 bytes (up to some 4 MiB in all) are D variables
 * like any other: elements and members read and written at constant and run-time indexes,
 * ++ and op=, strings in them, pointers to their elements, bounds faults. They live in a map
 * of their own (docs/cg.md). DTrace for Linux gives the same output for the constant-index
 * statements (`dtrace -s` of them); its verifier refuses its own code for the run-time ones
 * ("BPF program load ... failed"), which the Guide's arrays allow. */
#pragma D option quiet

int a[10000];
long m[500000];
string names[100];
struct big { string name; int v[2000]; char c; } g;

BEGIN
{
	printf("%d %d %d\n", sizeof(a), sizeof(names), sizeof(g));
	a[2]++;
	a[3] += 5;
	a[9999] = 7;
	m[499999] = 3;
	names[3] = "abc";
	g.name = "hello";
	g.v[1999] = 5;
	g.c = 'x';
	printf("%d %d %d %d %s %s %d %c|%s|\n", a[2], a[3], a[9999], m[499999], names[3],
	    g.name, g.v[1999], g.c, names[4]);
}

BEGIN
{
	i = 9998;
	a[i] = 41;
	a[i]++;
	names[i / 100] = "xyz";
	g.v[i / 10] = 8;
	p = &a[i + 1];
	*p = 77;
	p[-2] = 66;
	printf("%d %d %d %s %d %d\n", a[i], a[9999], a[9997], names[99], g.v[999], *p);
}

BEGIN
{
	i = 10000;
	a[i] = 1;
	printf("not reached\n");
}

ERROR
{
	printf("fault %d value %d\n", arg4, arg5);
}

BEGIN
{
	printf("%d\n", a[0] + a[2] + a[9999]);
	exit(0);
}
