/* @opts: -L badlib */
/* An error in a D library is the first program's error, with the library's file and line
 * (dtrace -L badlib -s lib_syntax.d: 'failed to compile script lib_syntax.d: "badlib/broken.d",
 * line 3: ...'): dtrace loads its libraries as it compiles the first program. */
BEGIN { exit(0); }
