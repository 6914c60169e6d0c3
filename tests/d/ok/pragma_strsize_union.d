/* @opts: -q */
#pragma D option strsize=8
union u { string a; long b; };
BEGIN { printf("%d\n", sizeof(union u)); exit(0); }
