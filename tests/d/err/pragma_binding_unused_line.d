/* @opts: -q */
BEGIN { exit(0); }

#pragma D binding "1.0" later
BEGIN { }
