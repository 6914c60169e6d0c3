/* @opts: -q */
BEGIN { trace(sizeof(int[3](int))); exit(0); }
