/* @opts: -q */
signed char c;
BEGIN { c = 200; trace(c); exit(0); }
