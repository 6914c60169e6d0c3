/* @opts: -q */
BEGIN { x = &3; exit(0); }
