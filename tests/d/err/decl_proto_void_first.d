/* @opts: -q */
int f(void, int);
BEGIN { exit(0); }
