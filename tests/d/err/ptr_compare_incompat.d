/* @opts: -q */
int *p; char *q;
BEGIN { printf("%d\n", p == q); exit(0); }
