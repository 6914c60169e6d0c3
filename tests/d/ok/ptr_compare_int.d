/* @opts: -q */
int a[4];
BEGIN { p = &a[0]; printf("%d\n", p == 0); exit(0); }
