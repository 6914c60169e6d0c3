/* @opts: -C -I cpp_incdir */
/* A syntax error in a header: dtrace names the header as cpp's line marker gives it
 * (pcb_filetag), "FILE", line N: ... */
#include "bad_decl.h"

BEGIN
{
	exit(0);
}
