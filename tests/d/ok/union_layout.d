/* @root */
/* A union is as large as its largest member, without tail padding: libdtrace lays out a D
 * program's types as CTF does (union v is 5 bytes, not 6; checked against DTrace for Linux). */
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
