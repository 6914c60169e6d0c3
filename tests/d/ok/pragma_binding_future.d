/* @opts: -q */
#pragma D binding "9.0" foo
inline int foo = 1;
BEGIN { trace(foo); exit(0); }
