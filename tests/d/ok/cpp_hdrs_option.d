/* @opts: -C -x cpphdrs -I cpp_incdir -q */
/* -x cpphdrs is -H. */
#include "from_incdir.h"

BEGIN
{
	printf("%d\n", FROM_INCDIR);
	exit(0);
}
