/* @opts: -q */
BEGIN { x = 1lul; exit(0); }
