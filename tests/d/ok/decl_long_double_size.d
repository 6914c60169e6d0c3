/* @opts: -q */
BEGIN { trace(sizeof(long double)); exit(0); }
