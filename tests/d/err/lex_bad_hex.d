/* @opts: -q */
BEGIN { x = 0xg; exit(0); }
