/*
 * A declaration gives a variable its type for the whole program, the clauses written before
 * it included: dtrace acts on declarations as it parses and checks clauses afterwards, so
 * x below is a char everywhere (dtrace prints "44 1": 300 stored in a char).
 */
#pragma D option quiet

BEGIN
{
	x = 1;
}

char x;

BEGIN
{
	x = 300;
	printf("%d %d\n", x, sizeof(x));
	exit(0);
}
