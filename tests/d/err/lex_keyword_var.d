/* @opts: -q */
BEGIN { sizeof = 1; exit(0); }
