/* @opts: -q */
BEGIN { printf("%d\n", sizeof('a')); exit(0); }
