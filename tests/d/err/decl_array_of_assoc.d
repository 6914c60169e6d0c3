/* Key types after an array dimension, or a second key list, declare an array of associative
 * arrays: D_DECL_DYNOBJ, as dtrace reports it (message is DTrace for Linux's). */
int a[2][int];
BEGIN { exit(0); }
