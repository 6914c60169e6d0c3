/* @opts: -q */
BEGIN { x = 'a; exit(0); }
