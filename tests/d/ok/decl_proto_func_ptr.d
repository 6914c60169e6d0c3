/* @opts: -q */
int (*fp)(int);
BEGIN { exit(0); }
