/* @opts: -q */
typedef int fn_t(int);
BEGIN { exit(0); }
