/* a library with a syntax error: the message names the file */
inline int lib_ok = 1;
inline int lib_bad = ;
