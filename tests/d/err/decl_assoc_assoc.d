/* @opts: -q */
int a[int][int];
BEGIN { exit(0); }
