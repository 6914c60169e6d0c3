/* @opts: -q */
extern int f(int);
BEGIN { trace(4); exit(0); }
