/*
 * A translator to a struct never defined fails as it is parsed, before a later syntax error
 * (observed with dtrace -s).
 */
translator struct nosuch < int x > { b = x; };

BEGIN { trace(1) +; }
