/* @opts: -q */
union u { int i; char c[4]; };
union u x;
BEGIN { x.i = 0x41424344; printf("%d %d\n", x.c[0], x.c[3]); exit(0); }
