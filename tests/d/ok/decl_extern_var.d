/* @opts: -q */
extern int ev;
BEGIN { exit(0); }
