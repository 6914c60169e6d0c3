/* @opts: -C -I cpp_incdir */
/* An inline in a header that names no variable: the checker's error names the header too. */
#include "undef_inline.h"

BEGIN
{
	trace(from_header);
	exit(0);
}
