/* @opts: -x errtags */
/* A storage class in a struct member: D's grammar (dt_grammar.y) has none there, so it is a
 * syntax error at the storage class, as DTrace for Linux reports it. */
struct s {
	static int a;
};
BEGIN { exit(0); }
