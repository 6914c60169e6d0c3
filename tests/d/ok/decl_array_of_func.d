/* @opts: -q */
int a[3](int);
BEGIN { exit(0); }
