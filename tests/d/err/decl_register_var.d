/* @opts: -q */
register int rv;
BEGIN { exit(0); }
