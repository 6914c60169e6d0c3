/* @opts: -q */
BEGIN { x = 1.5; exit(0); }
