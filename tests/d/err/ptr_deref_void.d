/* @opts: -q */
void *p;
BEGIN { x = *p; exit(0); }
