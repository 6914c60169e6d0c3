/* @opts: -q */
float f;
BEGIN { exit(0); }
