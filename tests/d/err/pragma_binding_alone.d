/* @opts: -q */
#pragma D binding
BEGIN { exit(0); }
