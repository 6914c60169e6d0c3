/* @opts: -q */
self int;
BEGIN { exit(0); }
