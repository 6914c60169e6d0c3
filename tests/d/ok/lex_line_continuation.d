/* @opts: -q */
BEGIN { trace(1 \
+ 2); exit(0); }
