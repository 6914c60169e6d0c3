/* @opts: -q */
string *sp;
BEGIN { trace(sizeof(sp)); exit(0); }
