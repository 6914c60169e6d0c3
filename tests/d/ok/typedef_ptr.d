/* @opts: -q */
typedef int *iptr;
BEGIN { printf("%d\n", sizeof(iptr)); exit(0); }
