/* Included by cpp_error_in_header_check.d: nosuch is no variable. */
inline int from_header = nosuch + 1;
