/* @opts: -q */
int x[int];
int x[string];
BEGIN { exit(0); }
