/* @opts: -q */
BEGIN { x = 12abc; exit(0); }
