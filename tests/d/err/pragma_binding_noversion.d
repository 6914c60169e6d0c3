/* @opts: -q */
#pragma D binding "1.0"
BEGIN { exit(0); }
