/* Included by cpp_error_in_header.d: the error is on line 3 of this file. */
#define ANSWER 42
int x = ;
