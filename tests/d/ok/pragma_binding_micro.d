/* @opts: -q */
#pragma D binding "1.6.3" foo
inline int foo = 1;
BEGIN { trace(foo); exit(0); }
