/* @root */
/* @opts: -C */
/* A clause long enough that its gotos to the clause's end span more than the verifier can
 * stretch a 16-bit jump by (it inlines helpers after we finish): each associative store may
 * fail and end the clause, so every store jumps to the end. 1,408 stores, about 60,000
 * instructions; the far gotos take the 32-bit form. */
#pragma D option quiet
long a[int], b[int];

#define S(n)  a[n & 3] = n; b[n & 7] = a[n & 3] * 2; total += b[n & 7];
#define S8(n) S(n) S(n + 1) S(n + 2) S(n + 3) S(n + 4) S(n + 5) S(n + 6) S(n + 7)
#define S64(n) S8(n) S8(n + 8) S8(n + 16) S8(n + 24) S8(n + 32) S8(n + 40) S8(n + 48) S8(n + 56)

BEGIN
{
	total = 0;
	S64(0) S64(64) S64(128) S64(192) S64(256) S64(320)
	S64(384) S64(448) S64(512) S64(576) S64(640)
	printf("%d %d %d\n", total, a[3], b[7]);
	exit(0);
}
