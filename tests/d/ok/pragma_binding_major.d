/* @opts: -q */
#pragma D binding "1" foo
inline int foo = 1;
BEGIN { exit(0); }
