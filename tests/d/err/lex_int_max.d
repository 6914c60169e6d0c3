/* @opts: -q */
BEGIN { printf("%u\n", 18446744073709551615); exit(0); }
