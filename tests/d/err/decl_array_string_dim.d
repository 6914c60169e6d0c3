/* @opts: -q */
int a["x"];
BEGIN { exit(0); }
