/* @opts: -C -I cpp_incdir -q */
/* #include <...> of a header found through -I (dtrace passes -I to cpp). */
#include <from_incdir.h>

BEGIN
{
	printf("%d\n", FROM_INCDIR);
	exit(0);
}
