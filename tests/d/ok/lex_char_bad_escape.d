/* @opts: -q */
BEGIN { printf("%d\n", '\\q'); exit(0); }
