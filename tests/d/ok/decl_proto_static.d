/* @opts: -q */
static int f(int);
BEGIN { trace(5); exit(0); }
