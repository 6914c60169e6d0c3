/* @opts: -q */
/* the identifier defined before the pragma takes the binding at once */
inline int foo = 3;
#pragma D binding "1.0" foo
BEGIN { trace(foo); exit(0); }
