/* @opts: -q */
int a[];
BEGIN { exit(0); }
