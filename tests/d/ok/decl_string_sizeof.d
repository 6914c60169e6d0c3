/* @opts: -q */
string s;
BEGIN { trace(sizeof(s)); exit(0); }
