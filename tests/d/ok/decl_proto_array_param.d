/* @opts: -q */
int f(int a[4]);
BEGIN { trace(3); exit(0); }
