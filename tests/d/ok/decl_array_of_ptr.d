/* @opts: -q */
char *a[5];
BEGIN { trace(sizeof(a)); exit(0); }
