/* @opts: -x errtags */
translator struct nosuch_out < int x > { a = x; };
BEGIN { exit(0); }
