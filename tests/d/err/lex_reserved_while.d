/* @opts: -q */
BEGIN { while (1) {} }
