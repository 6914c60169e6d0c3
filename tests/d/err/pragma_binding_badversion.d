/* @opts: -q */
#pragma D binding "1.x" foo
BEGIN { exit(0); }
