/* @opts: -q */
enum e { A };
enum e { B };
BEGIN { exit(0); }
