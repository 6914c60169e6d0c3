/* @opts: -L badlib */
BEGIN { exit(0); }
