/* @opts: -q */
BEGIN { x = (int[2])3; exit(0); }
