/* @root */
/* @opts: -x strsize=12 */
#pragma D option quiet

/* inet_ntoa6(): an IPv4-compatible or -mapped address is a bare dotted quad unless the
 * second argument (a constant) asks for the strict form; the text is cut at strsize. */
struct in6_addr *a;

BEGIN
{
	a = alloca(sizeof(struct in6_addr));
	a->in6_u.u6_addr8[10] = 0xff;
	a->in6_u.u6_addr8[11] = 0xff;
	a->in6_u.u6_addr8[12] = 10;
	a->in6_u.u6_addr8[15] = 9;
	printf("[%s] [%s] [%s]\n", inet_ntoa6(a), inet_ntoa6(a, 1), inet_ntop(AF_INET6, a));
	a->in6_u.u6_addr8[0] = 0x20;
	a->in6_u.u6_addr8[1] = 0x01;
	printf("[%s] [%s]\n", inet_ntoa6(a), inet_ntoa6(a, 0));
	printf("%d %d\n", sizeof(ipaddr_t), sizeof(struct in_addr));
	exit(0);
}
