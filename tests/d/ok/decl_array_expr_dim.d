/* @opts: -q */
int a[2 * 3 + 1];
BEGIN { trace(sizeof(a)); exit(0); }
