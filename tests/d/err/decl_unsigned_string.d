/* @opts: -q */
unsigned string s;
BEGIN { exit(0); }
