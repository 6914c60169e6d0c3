/* @opts: -q */
enum e { A = x };
BEGIN { exit(0); }
