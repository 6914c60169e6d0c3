/* @opts: -q */
BEGIN { printf("%d\n", -2147483648); exit(0); }
