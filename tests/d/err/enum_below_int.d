/* @opts: -q */
enum e { A = -2147483649 };
BEGIN { exit(0); }
