/* @opts: -q */
enum e { A };
BEGIN { A = 3; exit(0); }
