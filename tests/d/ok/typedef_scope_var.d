/* @opts: -q */
typedef int t;
BEGIN { t = 3; exit(0); }
