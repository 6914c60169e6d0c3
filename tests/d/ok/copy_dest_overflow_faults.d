/* @opts: -q */
/* bcopy()/copyinto() past the end of the alloca()'d destination: the size is at fault
 * ("invalid size"), unless the source cannot be read at all: then the source's address is
 * ("invalid address"), as DTrace for Linux reports them (its output for this program). */
BEGIN { p = alloca(8); bcopy("abcdefghijklmnopqrs", p, 16); }
BEGIN { p = alloca(8); bcopy(0, p, 16); }
BEGIN { p = alloca(8); copyinto(0, 16, p); }
BEGIN { p = alloca(8); s = alloca(32); bcopy(s, p, 16); printf("alloca memory past p\n"); }
BEGIN { exit(0); }
