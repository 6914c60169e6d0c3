/* @opts: -q */
int a[int][2];
BEGIN { trace(sizeof(a[1])); trace(sizeof(a[1][0])); exit(0); }
