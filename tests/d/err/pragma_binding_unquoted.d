/* @opts: -q */
#pragma D binding 1.0 foo
BEGIN { exit(0); }
