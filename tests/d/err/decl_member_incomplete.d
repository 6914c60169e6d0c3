/* @opts: -x errtags */
/* A member of a struct type that has no body. */
struct s {
	struct nobody n;
};
