/* A variable of a type named by `typedef int t[int];` is a void object to dtrace (observed;
 * the Guide has no associative array type to name). */
typedef int t[int];
t x;
BEGIN { exit(0); }
