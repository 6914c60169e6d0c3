/* @opts: -q */
void v;
BEGIN { exit(0); }
