/* @opts: -q */
int f(register int a);
BEGIN { trace(2); exit(0); }
