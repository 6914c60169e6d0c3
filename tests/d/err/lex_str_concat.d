/* @opts: -q */
BEGIN { printf("%s\n", "ab" "cd"); exit(0); }
