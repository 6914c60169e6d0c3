/* @opts: -q */
enum e { };
BEGIN { exit(0); }
