/* @root */
/* inline declarations name typed constant expressions. */
#pragma D option quiet

inline int MAXV = 10;
inline string GREETING = "hello";
inline int64_t BIG = 1L << 35;
inline int TWICE = MAXV * 2;

BEGIN
{
	printf("%d %s %d %d\n", MAXV * 2, GREETING, BIG, TWICE);
	exit(0);
}
