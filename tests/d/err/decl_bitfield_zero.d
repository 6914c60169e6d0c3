/* @opts: -x errtags */
/* A named bit-field needs a positive width (only an unnamed one may be 0). */
struct s {
	int a : 1;
	int b : 0;
};
