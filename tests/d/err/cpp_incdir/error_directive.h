/* Included by cpp_error_directive_in_header.d: cpp stops at this #error. */
#error in header
