/* @opts: -q */
#pragma D option strsize=0
BEGIN { exit(0); }
