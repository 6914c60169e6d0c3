/* prov_cmd.c — placeholder until the provider compiler lands (same session). */
#include "commands.h"
#include "util.h"
int prov_cmd_run(const struct opts *o)
{
	(void)o;
	util_warn("-h/-G: provider compiler not built yet");
	return 1;
}
