/* @opts: -q */
BEGIN { printf("%d\n", '\\xff'); exit(0); }
