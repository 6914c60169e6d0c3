/* @root */
/* A union is as large as its largest member, rounded to its strictest alignment. */
#pragma D option quiet

union u {
	char c;
	long l;
	int i;
};

union v {
	char a[5];
	short s;
};

BEGIN
{
	printf("%d %d %d\n", sizeof (union u), sizeof (union v), offsetof(union u, i));
	exit(0);
}
