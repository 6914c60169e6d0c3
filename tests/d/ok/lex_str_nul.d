/* @opts: -q */
BEGIN { printf("%s|\n", "ab\\0cd"); exit(0); }
