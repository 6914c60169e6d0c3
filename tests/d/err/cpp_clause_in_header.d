/* @opts: -C -I cpp_incdir */
/* A clause's errors are found once the whole input is read (dtrace cooks the clauses after
 * parsing), so they name the file in effect at its end: cpp's line marker after the #include
 * has returned to this file, whose errors name no file ("line 4", the node's line in the
 * header). Observed: dtrace -C -I cpp_incdir -s cpp_clause_in_header.d. */
#include "undef_clause.h"

BEGIN
{
	exit(0);
}
