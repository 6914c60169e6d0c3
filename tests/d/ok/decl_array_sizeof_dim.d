/* @opts: -q */
int a[sizeof (long)];
BEGIN { trace(sizeof(a)); exit(0); }
