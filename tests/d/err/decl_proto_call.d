/* @opts: -q */
int f(int);
BEGIN { f(1); exit(0); }
