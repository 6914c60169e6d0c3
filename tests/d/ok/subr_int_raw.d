/* @root */
/* @opts: -q */
/*
 * Integer arguments of subroutines are the 64-bit values dtrace computes (docs/arithmetic.md):
 * an operator's result is not cut to its type before a subroutine takes it (dtrace's dt_cg.c
 * hands the register to the subroutine, with no cast to the prototype's type). Each
 * subroutine then reads what its implementation reads: lltostr all 64 bits; substr's index and
 * length their low 32 bits as ints (dt_substr sign-extends them); index/rindex's start all 64
 * bits; htons/htonl/htonll swap the register's low 2/4/8 bytes; strchr/strrchr the low byte.
 * Expected output: DTrace for Linux's.
 */
unsigned char uc;
signed char sc;
unsigned short us;
int i;
char c;

BEGIN
{
	uc = 200; sc = -100; us = 65535; i = 2000000000; c = 100;
	printf("%s %s %s %s\n", lltostr(uc + uc), lltostr(sc + sc), lltostr(us + us),
	    lltostr(i + i));
	printf("[%s] [%s]\n", substr("abcdefghij", sc + sc), substr("abcdefghij", 0, sc + sc));
	printf("[%s] [%s]\n", substr("abcdefghij", 0, i + i),
	    substr("abcdefghij", 0, (long long)(i + i)));
	printf("[%s] [%s]\n", substr("abcdefghij", 4294967298), substr("abcdefghij", 2, 4294967299));
	printf("%d %d %d\n", index("abcdefghij", "c", sc + sc), rindex("abcdefghij", "c", sc + sc),
	    index("abcdefghij", "c", i + i));
	printf("%x %x %x\n", htons(us + us), htonl(us + us), htonll(sc + sc));
	printf("%x %x %x\n", ntohs(us + us), ntohl(us + us), ntohll(sc + sc));
	printf("%d %d\n", getmajor(i + i), getminor(i + i));
	printf("[%s] [%s]\n", strchr("abc\xc8xyz", c + c), strrchr("abc\xc8xyz", c + c));
	/* %i is %d: unsigned types print unsigned (dt_printf.c: pfcheck_dint for both) */
	printf("%i %i %i %d %i\n", uc + uc, uc, us, sc + sc, sc);
	exit(0);
}
