/* An enumerator name may not hold D's scoping operator (dtrace's message observed). */
enum e { `A };
BEGIN { exit(0); }
