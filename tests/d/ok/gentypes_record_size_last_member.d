/* @root */
/* A D struct's size is where its last member ends, as libctf sizes the struct when dtrace adds
 * each member (observed, dtrace 2.0.1): a wide bit-field's 8-byte type that reaches past a
 * later member does not count, and a union is as large as its largest member. */
#pragma D option quiet

struct a { long long m1 : 33; unsigned char m2 : 3; };
struct b { unsigned int m0; long long m1 : 33; char c; };
struct c { unsigned int m0; signed long long m1 : 33; };
struct d { short m0; long long m1 : 40; char c; };
union u { long long m1 : 33; char c; };

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(struct a), sizeof(struct b), sizeof(struct c),
	    sizeof(struct d), sizeof(union u));
	printf("%d %d\n", offsetof(struct b, c), offsetof(struct d, c));
	exit(0);
}
