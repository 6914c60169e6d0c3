/* @opts: -C -I cpp_incdir */
/* An #error in a header: cpp's message shows the header's line under it, as cpp can read
 * the header again (dtrace -C -I cpp_incdir -s cpp_error_directive_in_header.d); for an
 * #error in the script itself it cannot, as the script reaches it on a pipe as /dev/stdin
 * (cpp_error_directive.d). */
#include "error_directive.h"

BEGIN
{
	exit(0);
}
