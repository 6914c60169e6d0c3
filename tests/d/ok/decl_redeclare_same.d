/* @opts: -q */
int x;
int x;
BEGIN { exit(0); }
