/* An inline whose type is a name that is no type: a syntax error at that name, quoting the
 * rest of its line (observed: dtrace -s).  */
inline nosuch_t x = 3;
