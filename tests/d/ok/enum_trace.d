/* @opts: -q */
enum e { A = 2 };
BEGIN { trace(A); exit(0); }
