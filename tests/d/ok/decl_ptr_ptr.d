/* @opts: -q */
int **pp;
BEGIN { trace(sizeof(pp)); trace(sizeof(*pp)); trace(sizeof(**pp)); exit(0); }
