/* @opts: -q */
BEGIN { x = 0778; exit(0); }
