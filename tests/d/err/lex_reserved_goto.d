/* @opts: -q */
BEGIN { goto x; }
