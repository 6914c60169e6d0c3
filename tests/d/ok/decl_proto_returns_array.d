/* @opts: -q */
int f(int)[2];
BEGIN { exit(0); }
