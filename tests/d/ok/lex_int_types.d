/* @opts: -q */
BEGIN { printf("%d %d %d %d\n", sizeof(2147483647), sizeof(2147483648), sizeof(4294967295), sizeof(0xffffffff)); exit(0); }
