/* @opts: -q */
void *vp;
BEGIN { trace(sizeof(vp)); exit(0); }
