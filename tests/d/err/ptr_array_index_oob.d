/* @opts: -q */
int a[4];
BEGIN { x = a[4]; exit(0); }
