/* @opts: -q */
BEGIN { trace(1 /* one */ + /* two */ 2); exit(0); }
