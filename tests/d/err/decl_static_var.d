/* @opts: -q */
static int sv;
BEGIN { sv = 3; trace(sv); exit(0); }
