/* @root */
/* A D program's struct or union is laid out as CTF does (checked against DTrace for Linux): members aligned for their type, but no tail padding, so an array of them strides by the unpadded size. */
#pragma D option quiet
struct s { long l; char c; };
struct s2 { struct s a; char b; };
struct s3 { char c; struct s a[2]; };
union u { char c; long l; int a[3]; };
BEGIN
{
	printf("%d %d %d %d\n", sizeof (struct s), sizeof (struct s2), sizeof (struct s3), offsetof(struct s3, a));
	printf("%d %d\n", sizeof (union u), offsetof(union u, a));
	exit(0);
}
