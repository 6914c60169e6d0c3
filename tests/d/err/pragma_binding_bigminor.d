/* @opts: -q */
#pragma D binding "1.4096" foo
inline int foo = 1;
BEGIN { exit(0); }
