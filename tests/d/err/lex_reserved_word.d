/* @opts: -q */
BEGIN { do = 1; exit(0); }
