/* Included by cpp_define.d through -C. */
#define INC_VALUE 7
