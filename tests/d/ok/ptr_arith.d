/* @opts: -q */
int a[4];
BEGIN { p = &a[0]; q = &a[3]; printf("%d %d\n", q - p, (q - 1) - p); exit(0); }
