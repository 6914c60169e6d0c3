/* @root */
#pragma D option quiet

/* getmajor()/getminor() decode the kernel's dev_t: 12 bits of major above 20 of minor (a
 * 64-bit value is cut to its 32 low bits, as the kernel's dev_t is). */
BEGIN
{
	printf("%x %x\n", getmajor(0x0080001f), getminor(0x0080001f));
	printf("%x %x\n", getmajor(0xabcdef0123456789ll), getminor(0xabcdef0123456789ll));
	printf("%d %d\n", getmajor(0), getminor(0xfffff));
	exit(0);
}
