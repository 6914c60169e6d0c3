/* @root */
#pragma D option quiet

/* link_ntop(): Ethernet (6 bytes) and InfiniBand (20 bytes) addresses as lowercase hex pairs,
 * with the link type known when compiling or only when running; the address in memory that
 * alloca() gave or in a global array. */
uint8_t ib[20];

BEGIN
{
	this->e = (uint8_t *)alloca(6);
	this->e[0] = 0x00; this->e[1] = 0x1b; this->e[2] = 0x21;
	this->e[3] = 0xaa; this->e[4] = 0x0f; this->e[5] = 0xf0;
	printf("%s\n", link_ntop(ARPHRD_ETHER, this->e));
	t = ARPHRD_ETHER;
	printf("%s\n", link_ntop(t, this->e));
	ib[0] = 0xfe; ib[1] = 0x80; ib[9] = 0x02; ib[19] = 0x7c;
	printf("%s\n", link_ntop(ARPHRD_INFINIBAND, ib));
	t = ARPHRD_INFINIBAND;
	printf("%s\n", link_ntop(t, ib));
	printf("%d %d %d %d\n", ARPHRD_ETHER, ARPHRD_INFINIBAND, AF_INET, AF_INET6);
	exit(0);
}
