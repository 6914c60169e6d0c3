/* @opts: -q */
int f(void x);
BEGIN { exit(0); }
