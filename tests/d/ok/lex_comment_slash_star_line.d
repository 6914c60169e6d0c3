/* @opts: -q */
BEGIN { trace(1); exit(0); } /* a /
b */
