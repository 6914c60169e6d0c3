/* Guide, "Inlines": an inline whose expression evaluates to an integer constant at compile
 * time may be used where a constant expression is required, such as a scalar array's
 * dimension; so also an enumerator's value and a bit-field's width, one inline naming
 * another, and the D libraries' inlines (SIGKILL, signal.d). Output: DTrace for Linux's. */
#pragma D option quiet

inline int N = 3;
inline int M = N * 2 + 1;
inline int W = sizeof(short) * 2;

int a[N];
struct s { int v[M]; unsigned f : W; };
enum e { E0 = M, E1 };
int sig[SIGKILL];

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof(a), sizeof(struct s), E0, E1, sizeof(sig));
	exit(0);
}
