/*
 * net.d — usdtrace D library: socket addresses as a program passes them (struct sockaddr_in
 * and struct sockaddr_in6 as <netinet/in.h> lays them out on Linux, pointers into the traced
 * process) translated to printable ones:
 *
 *	probe connect__start(struct sockaddr_in *sa) : (sockaddrinfo_t *sa);
 *	... printf("%s:%d\n", args[0]->sa_addr, args[0]->sa_port);
 *
 * or, without a mapping, xlate<sockaddrinfo_t *>((struct sockaddr_in *)arg0)->sa_addr.
 * Each member reads the process's memory when it is used.
 */

/* struct in_addr (s_addr) and struct in6_addr (in6_u.u6_addr8[16]) are built in, as
 * dtrace has them from the kernel's types. */
struct sockaddr_in {
	uint16_t sin_family;		/* AF_INET */
	uint16_t sin_port;		/* network byte order */
	struct in_addr sin_addr;
	uint8_t sin_zero[8];
};

struct sockaddr_in6 {
	uint16_t sin6_family;		/* AF_INET6 */
	uint16_t sin6_port;		/* network byte order */
	uint32_t sin6_flowinfo;
	struct in6_addr sin6_addr;
	uint32_t sin6_scope_id;
};

/* What the translators produce: the family's name, the address as text, the port in host
 * byte order. */
typedef struct sockaddrinfo {
	string sa_family;		/* "AF_INET", "AF_INET6" */
	string sa_addr;			/* "192.0.2.7", "2001:db8::7" */
	int sa_port;			/* host byte order */
} sockaddrinfo_t;

translator sockaddrinfo_t < struct sockaddr_in *sin > {
	sa_family = sin->sin_family == AF_INET ? "AF_INET" : "<unknown>";
	sa_addr = inet_ntoa(&sin->sin_addr.s_addr);
	sa_port = ntohs(sin->sin_port);
};

translator sockaddrinfo_t < struct sockaddr_in6 *sin6 > {
	sa_family = sin6->sin6_family == AF_INET6 ? "AF_INET6" : "<unknown>";
	sa_addr = inet_ntoa6(&sin6->sin6_addr);
	sa_port = ntohs(sin6->sin6_port);
};
