/* @opts: -q */
int f(int a[int]);
BEGIN { exit(0); }
