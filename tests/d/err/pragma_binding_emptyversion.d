/* @opts: -q */
#pragma D binding "" foo
BEGIN { exit(0); }
