/* @opts: -q */
union u { char c; long l; int a[3]; };
BEGIN { printf("%d %d %d\n", sizeof(union u), offsetof(union u, l), offsetof(union u, a)); exit(0); }
