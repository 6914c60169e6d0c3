/* @opts: -x errtags */
/* D enumerators are ints. */
enum e {
	A = 2147483648
};
