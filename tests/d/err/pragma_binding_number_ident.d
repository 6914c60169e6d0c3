/* @opts: -q */
#pragma D binding "1.0" 12
BEGIN { exit(0); }
