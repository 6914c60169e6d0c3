/* @opts: -q */
BEGIN { x = "abc; exit(0); }
