/*
 * A variable redeclared with another type fails as the declaration is parsed, before a
 * syntax error later in the program (observed with dtrace -s).
 */
int x;
int x[2];

BEGIN { trace(1) +; }
