/* @opts: -q */
void a[int];
BEGIN { exit(0); }
