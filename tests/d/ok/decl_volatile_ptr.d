/* @opts: -q */
int * volatile * const vp;
BEGIN { trace(sizeof(vp)); exit(0); }
