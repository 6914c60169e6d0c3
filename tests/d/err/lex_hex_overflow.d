/* @opts: -q */
BEGIN { x = 0x10000000000000000; exit(0); }
