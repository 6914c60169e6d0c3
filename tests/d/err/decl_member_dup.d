/* @opts: -x errtags */
/* A member name used twice. */
struct s {
	int x;
	char x;
};
