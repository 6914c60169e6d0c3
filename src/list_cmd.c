/* list_cmd.c — placeholder until listing lands (same session). */
#include "commands.h"
#include "util.h"
int list_cmd_run(const struct opts *o)
{
	(void)o;
	util_warn("-l: listing not built yet");
	return 1;
}
