/* @opts: -q */
BEGIN { a1b2 = 3; trace(a1b2); exit(0); }
