/* @opts: -q */
register int f(int);
BEGIN { exit(0); }
