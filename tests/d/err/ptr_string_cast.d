/* @opts: -q */
BEGIN { x = (char *)"abc"; exit(0); }
