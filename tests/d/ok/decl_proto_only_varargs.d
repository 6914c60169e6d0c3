/* @opts: -q */
int f(...);
BEGIN { trace(1); exit(0); }
