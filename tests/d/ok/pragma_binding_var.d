/* @opts: -q */
#pragma D binding "1.1" x
int x;
BEGIN { x = 2; trace(x); exit(0); }
