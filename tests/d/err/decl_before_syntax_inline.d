/*
 * An inline's definition is checked as it is parsed (Guide, "Inlines"): its type error comes
 * before a syntax error in a later clause (observed with dtrace -s).
 */
BEGIN { trace(1); }

inline int x = "abc";

BEGIN { +; }
