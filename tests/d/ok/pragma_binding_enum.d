/* @opts: -q */
#pragma D binding "1.0" B
enum e { A, B };
BEGIN { trace(B); exit(0); }
