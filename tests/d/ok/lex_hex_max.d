/* @opts: -q */
BEGIN { printf("%x\n", 0xffffffffffffffff); exit(0); }
