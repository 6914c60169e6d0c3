/* @opts: -q */
#pragma D binding "1.0" x
BEGIN { @x = count(); exit(0); }
