/* @opts: -q */
int a[3](int);
BEGIN { trace(sizeof(a)); exit(0); }
