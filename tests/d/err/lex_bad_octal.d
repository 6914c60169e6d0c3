/* @opts: -q */
BEGIN { x = 09; exit(0); }
