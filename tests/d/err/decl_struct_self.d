/* @opts: -x errtags */
/* A struct that holds itself: the type is incomplete while it is being defined, as in C and
 * CTF (D_DECL_INCOMPLETE, as DTrace for Linux reports it). */
struct s {
	struct s x;
};
BEGIN { exit(0); }
