/* @opts: -q */
BEGIN { x = $; exit(0); }
