/* @opts: -q */
void *p;
BEGIN { printf("%d\n", (long)(p + 2)); exit(0); }
