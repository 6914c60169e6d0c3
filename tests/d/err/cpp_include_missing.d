/* @opts: -C */
/* A header cpp cannot find: cpp's fatal error (with its column), then dtrace's message. */
#include "no_such_header_zq.h"

BEGIN
{
	exit(0);
}
