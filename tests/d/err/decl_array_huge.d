/* @opts: -q */
int a[4294967296];
BEGIN { exit(0); }
