/* @opts: -q */
BEGIN { exit(0); }
/* never closed
