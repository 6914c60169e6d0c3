/* @opts: -x errtags */
/* Only integers can be bit-fields. */
struct s {
	float : 1;
};
