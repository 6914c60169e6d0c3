/* @opts: -q */
enum e { A };
int A;
BEGIN { exit(0); }
