/* @opts: -q */
int x;
enum e { A = x };
BEGIN { exit(0); }
