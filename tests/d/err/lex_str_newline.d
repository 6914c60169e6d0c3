/* @opts: -q */
BEGIN { printf("%s", "x
y"); exit(0); }
