/* @opts: -q */
BEGIN { printf("%d\n", 'ab'); exit(0); }
