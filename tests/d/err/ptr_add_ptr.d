/* @opts: -q */
int *p; int *q;
BEGIN { x = p + q; exit(0); }
