/* @root */
/* Predicates select clauses; a predicate may use variables set by earlier clauses. */
#pragma D option quiet

int x;

BEGIN
/1 == 2/
{
	printf("no\n");
}

BEGIN
/1 == 1/
{
	printf("yes\n");
}

BEGIN
/x == 0/
{
	printf("zero\n");
	x = 5;
}

BEGIN
/x == 5/
{
	printf("five\n");
}

BEGIN
/"abc" < "abd" && x/
{
	printf("strings\n");
	exit(0);
}
