/* @opts: -q */
string sa[3];
BEGIN { trace(sizeof(sa)); exit(0); }
