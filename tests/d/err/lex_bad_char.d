/* @opts: -q */
BEGIN { x = 1 @@ 2; exit(0); }
