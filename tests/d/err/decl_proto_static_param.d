/* @opts: -q */
int f(static int a);
BEGIN { exit(0); }
