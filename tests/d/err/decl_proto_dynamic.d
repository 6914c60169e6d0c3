/* @opts: -x errtags */
/* A function prototype's parameter cannot be an associative array. */
int f(int a[int]);
