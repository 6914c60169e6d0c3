/* @opts: -q */
auto int f(int);
BEGIN { exit(0); }
