/*
 * dtrace acts on a translator as it parses it and cooks clauses once the program is parsed,
 * so the translator's error comes before a syntax error in a later clause (observed: dtrace
 * -s reports line 7's member, not line 9's syntax error).
 */
struct s { int a; };
translator struct s < int x > { b = x; };

BEGIN { trace(1) +; }
