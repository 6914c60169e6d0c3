/* @opts: -C -I cpp_incdir */
/* The header's first clause is wrong, and the header has another after it: still the file in
 * effect at the end of the input (this one, no file name) and the node's line in the header.
 * Observed: dtrace -C -I cpp_incdir -s cpp_clause_in_header_first.d. */
#include "undef_clause2.h"
