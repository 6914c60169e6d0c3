/* @opts: -q */
typedef int t;
typedef int t;
BEGIN { exit(0); }
