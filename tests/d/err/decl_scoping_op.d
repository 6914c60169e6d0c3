/* @opts: -q */
int a`b;
BEGIN { exit(0); }
