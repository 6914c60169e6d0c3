/* @opts: -q */
int a[int][2];
BEGIN { x = a[1]; exit(0); }
