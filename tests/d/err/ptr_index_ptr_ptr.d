/* @opts: -q */
int *p;
BEGIN { x = p[p]; exit(0); }
