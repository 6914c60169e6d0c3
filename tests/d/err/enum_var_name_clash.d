/* @opts: -q */
int A;
enum e { A };
BEGIN { exit(0); }
