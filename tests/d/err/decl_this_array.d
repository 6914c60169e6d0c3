/* @opts: -q */
this int x[int];
BEGIN { exit(0); }
