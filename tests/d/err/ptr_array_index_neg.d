/* @opts: -q */
int a[4];
BEGIN { x = a[-1]; exit(0); }
