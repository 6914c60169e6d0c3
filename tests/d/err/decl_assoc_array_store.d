/* @opts: -q */
int a[int][2];
BEGIN { a[1] = 3; exit(0); }
