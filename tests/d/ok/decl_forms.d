/* @root */
/* @opts: -q */
/* Declarations D takes (the Guide, 'Type and Constant Definitions' and 'Variables'; C's
 * declarators otherwise), each with its size as DTrace for Linux prints it: prototypes
 * (varargs, void, named, storage classes), extern, self/this, repeated signedness, arrays of
 * pointers, pointers to functions, multi-dimensional arrays, typedefs of them, unions and
 * nested structs (offsetof takes one member name: `b.y` is a syntax error in D). Not here: pointers to arrays (`int (*p)[4]`), which DTrace for Linux builds
 * as arrays of pointers (sizeof 32); usdtrace follows C (sizeof 8). A D struct is laid out
 * as libdtrace's CTF does it: no tail padding, and a struct aligned as its first member
 * (libctf's ctf_type_align), so `struct in` below sits at offset 1 in `struct nest`. */
int f1(int);
int f2(int, ...);
int f3(void);
int f4(...);
int f5(int a, char *b);
extern int f6(int);
int f7(int a[]);
int f8(int (*)(int));
int f9(register int);
extern int ext_var;
extern int ext_arr[4];
self int sv;
this int tv;
unsigned char unsigned uc;
int *ap[4];
int (*fp)(int);
int (*afp[3])(int);
int a2[2][3];
char a3[2][3][5];
int **pp;
int ae[2 + 3 * 2];
typedef int (*fp_t)(int);
fp_t g;
typedef char buf_t[16];
buf_t b;
void *vp;
int *const cp;
union u { char c; int i; long l; };
struct in { int y; char x; };
struct out { char a; struct in b; short c; };
struct in1 { char x; int y; };
struct nest { char a; struct in1 b; short c; };

BEGIN
{
	this->tv = 3;
	self->sv = 4;
	printf("%d %d %d %d\n", sizeof(uc), sizeof(ap), sizeof(ap[0]), sizeof(fp));
	printf("%d %d %d %d\n", sizeof(afp), sizeof(a2), sizeof(a2[0]), sizeof(a2[0][0]));
	printf("%d %d %d %d\n", sizeof(a3), sizeof(a3[1]), sizeof(a3[1][2]), sizeof(pp));
	printf("%d %d %d %d %d\n", sizeof(*pp), sizeof(**pp), sizeof(ae), sizeof(g), sizeof(b));
	printf("%d %d %d %d\n", sizeof(vp), sizeof(cp), this->tv + sizeof(this->tv), self->sv);
	printf("%d %d %d %d\n", sizeof(int (*)(int)), sizeof(int [3][4]), sizeof(int *[3]),
	    sizeof(buf_t));
	printf("%d %d %d %d\n", offsetof(union u, c), offsetof(union u, i), offsetof(union u, l),
	    sizeof(union u));
	printf("%d %d %d\n", offsetof(struct out, b), offsetof(struct out, c), sizeof(struct out));
	printf("%d %d %d\n", offsetof(struct nest, b), offsetof(struct nest, c), sizeof(struct nest));
	exit(0);
}
