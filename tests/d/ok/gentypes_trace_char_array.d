/* @root */
/* trace() of a char array (a struct's member, a global array) records it by reference as its
 * bytes, like a struct, and dtrace prints such a record as a byte dump whatever its bytes:
 * only D's string type prints as text (DTrace for Linux's consumer tells a string by its
 * record's alignment of 1, by-reference data having 2; observed, dtrace 2.0.1). */
#pragma D option quiet

struct s {
	int a;
	char nm[6];
};

struct s g;
char ga[4];

BEGIN
{
	g.nm[0] = 'h';
	g.nm[1] = 'i';
	ga[0] = 'o';
	ga[1] = 'k';
	trace(g.nm);
	trace(ga);
	trace((string)ga);
	printf("\n");
	exit(0);
}
