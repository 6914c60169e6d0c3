/* @opts: -x errtags */
/* #error stops the compilation with D_PRAGERR: the line's names, operators and strings
 * (quotes removed), each followed by a blank; numbers are left out. */
BEGIN { exit(0); }
#error "stop here" a + 12 b
