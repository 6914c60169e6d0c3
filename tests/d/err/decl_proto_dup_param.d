/* @opts: -q */
int f(int a, int a);
BEGIN { exit(0); }
