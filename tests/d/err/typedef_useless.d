/* @opts: -q */
typedef int;
BEGIN { exit(0); }
