/* A prototype after a dimension is an array of associative arrays (D_DECL_DYNOBJ), reported
 * at the closing bracket, where dtrace's parser stands. */
int x[4]
[
...
]
;
BEGIN { exit(0); }
