/* @opts: -q */
int f(int, char *);
BEGIN { trace(1); exit(0); }
