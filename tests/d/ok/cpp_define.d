/* @root */
/* @opts: -C */
/* -C runs the C preprocessor: #define, #include, #if. */
#pragma D option quiet
#include "cpp_inc.h"
#define TWICE(x) ((x) * 2)

BEGIN
{
#if INC_VALUE > 5
	printf("%d %d\n", TWICE(21), INC_VALUE);
#else
	printf("wrong branch\n");
#endif
	exit(0);
}
