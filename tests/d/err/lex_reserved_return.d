/* @opts: -q */
BEGIN { return; }
