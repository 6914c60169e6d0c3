/* @opts: -q */
BEGIN { printf("%d %d\n", 0777, 00); exit(0); }
