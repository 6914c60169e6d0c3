/* @opts: -q */
int *p;
BEGIN { x = p * 2; exit(0); }
