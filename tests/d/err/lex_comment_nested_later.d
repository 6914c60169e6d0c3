/* @opts: -q */
BEGIN { trace(1); exit(0); }
/* one
two /* three */
