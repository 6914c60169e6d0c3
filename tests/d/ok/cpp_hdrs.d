/* @opts: -C -H -I cpp_incdir -q */
/* -H (the cpphdrs option) has cpp list each header it includes on stderr, dots for depth. */
#include "from_incdir.h"

BEGIN
{
	printf("%d\n", FROM_INCDIR);
	exit(0);
}
