/* @opts: -q */
#pragma D binding "1.0" foo bar
inline int foo = 1;
BEGIN { exit(0); }
