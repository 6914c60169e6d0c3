/* @opts: -q */
int *p; char *q;
BEGIN { x = p - q; exit(0); }
