/* @root */
/* inet_ntoa(): the dotted-decimal text of an IPv4 address stored in network byte order (the
 * Dynamic Tracing Guide, "inet_ntoa"): each byte in decimal without leading zeros, from tracer
 * memory here; the pid tests (tests/sh/pid_svl.sh) read one from a traced process. */
#pragma D option quiet

BEGIN
{
	this->a = (uint32_t *)alloca(4);
	*this->a = 0x0302010a;        /* 10.1.2.3 on a little-endian machine */
	printf("%s\n", inet_ntoa(this->a));
	*this->a = 0xffffffff;
	printf("%s\n", inet_ntoa(this->a));
	*this->a = 0;
	printf("%s\n", inet_ntoa(this->a));
	*this->a = 0x64630a09;
	printf("%s\n", inet_ntoa(this->a));
	@[inet_ntoa(this->a)] = count();
	exit(0);
}
