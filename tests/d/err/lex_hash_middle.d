/* @opts: -q */
BEGIN { x = 1; # y
exit(0); }
