/* @opts: -q */
enum e { A, A };
BEGIN { exit(0); }
