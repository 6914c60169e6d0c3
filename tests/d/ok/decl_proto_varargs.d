/* @opts: -q */
int f(int, ...);
BEGIN { trace(1); exit(0); }
