/* @opts: -q */
int a[3][4];
BEGIN { trace(sizeof(a)); trace(sizeof(a[0])); exit(0); }
