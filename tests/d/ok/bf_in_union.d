/* @opts: -q */
union u { int a : 3; long b : 40; };
BEGIN { printf("%d\n", sizeof(union u)); exit(0); }
