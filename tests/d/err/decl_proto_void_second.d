/* @opts: -q */
int f(int, void);
BEGIN { exit(0); }
