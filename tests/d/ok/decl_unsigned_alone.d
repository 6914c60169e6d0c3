/* @opts: -q */
unsigned u;
BEGIN { u = -1; trace(u); exit(0); }
