/* @opts: -q */
typedef int k_t;
int a[k_t];
BEGIN { a[1] = 2; printf("%d\n", a[1]); exit(0); }
