/* @opts: -q */
#pragma D binding "1.0" count
BEGIN { exit(0); }
