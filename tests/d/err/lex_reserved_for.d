/* @opts: -q */
BEGIN { for (;;) {} }
