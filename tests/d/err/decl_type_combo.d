/* @opts: -x errtags */
/* Two base types in one declaration. */
int
char c;
