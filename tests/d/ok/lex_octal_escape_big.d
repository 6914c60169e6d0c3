/* @opts: -q */
BEGIN { printf("%d\n", '\\777'); exit(0); }
