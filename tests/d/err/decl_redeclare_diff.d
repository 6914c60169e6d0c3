/* @opts: -q */
int x;
long x;
BEGIN { exit(0); }
