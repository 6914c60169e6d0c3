/* @opts: -q */
BEGIN { x = 3; y = *x; exit(0); }
