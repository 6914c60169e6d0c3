/* @cpu */
/* sizeof of a tag declared but never defined: dtrace asks CTF for the size of the forward,
 * which answers -1 (CTF_ERR), and libdtrace refuses only a size of 0 (dt_parser.c,
 * dt_node_op1), so the value is (size_t)-1. The same for a pointer's target. */
struct zq_fwd_s;
union zq_fwd_u;
enum zq_fwd_e;
struct zq_fwd_s *p;

BEGIN
{
	printf("%u\n", sizeof(struct zq_fwd_s));
	printf("%u\n", sizeof(union zq_fwd_u));
	printf("%u\n", sizeof(enum zq_fwd_e));
	printf("%u\n", sizeof(*p));
	printf("%d\n", sizeof(struct zq_fwd_s *));
	exit(0);
}
