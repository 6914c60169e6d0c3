/* @opts: -q */
int a[int][2];
BEGIN { trace(sizeof(a)); exit(0); }
