/* @opts: -x errtags */
/* An enumerator defined twice in one enum: reported at the token after the second. */
enum e {
	x = 3,
	x = 4
};
