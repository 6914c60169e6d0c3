/* @opts: -q */
self int f(int);
BEGIN { exit(0); }
