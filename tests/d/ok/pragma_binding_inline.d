/* @opts: -q */
#pragma D binding "1.0" foo
inline int foo = 3;
BEGIN { trace(foo); exit(0); }
