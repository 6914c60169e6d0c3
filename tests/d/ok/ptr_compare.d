/* @opts: -q */
int a[4];
BEGIN { p = &a[0]; q = &a[3]; printf("%d %d %d\n", p < q, p == q, p != q); exit(0); }
