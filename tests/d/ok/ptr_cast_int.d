/* @opts: -q */
int *p;
BEGIN { printf("%d\n", (long)(p + 2)); exit(0); }
