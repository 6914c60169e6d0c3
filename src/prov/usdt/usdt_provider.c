/* usdt_provider.c — the usdt provider: the .note.stapsdt probes of processes and files
 * (usdt_prov.h matches them; the uprobe engine runs them, uprobe.h). A description is worth a
 * walk over the processes' objects only when it may name such probes: not the tracer's own
 * providers, not an id, not the pid provider's own name (`pid1234`), and not a bare name
 * that earlier providers answered (`BEGIN`, `tick-1s`: scanning every process for those would
 * only slow start-up). */
#include <fnmatch.h>
#include <string.h>

#include "pcat.h"
#include "uprobe.h"
#include "usdt_prov.h"

/* "pid1234" exactly (no glob): the pid provider's, which DTrace reserves. */
static bool names_pid_provider(const char *prov)
{
	if (strncmp(prov, "pid", 3) != 0 || !prov[3])
		return false;
	for (const char *s = prov + 3; *s; s++)
		if (*s < '0' || *s > '9')
			return false;
	return true;
}

static int usdt_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		      int nbefore)
{
	if (id || strcmp(d->prov, "dtrace") == 0 || strcmp(d->prov, "profile") == 0 ||
	    names_pid_provider(d->prov))
		return 0;
	if (!d->prov[0] && !d->mod[0] && nbefore > 0)
		return 0;
	int n = uprov_match(&cat->up, d, clause);
	pcat_note_udesc(cat, &prov_usdt, d, clause);
	return n;
}

const struct provider prov_usdt = {
	.name = "usdt",
	.match = usdt_match,
	.match_new = uprov_match_new,
	.prog_type = uprobe_prog_type,
	.flags = uprobe_flags,
	.cg_compile = cgu_compile,
	.cg_prologue = cgu_prologue,
	.cg_arg = cgu_arg,
	.cg_epid = cgu_epid,
	.cg_probe_id = cgu_probe_id,
	.cg_probe_name = cgu_probe_name,
	.attach = uprobe_attach,
	.run = &uprobe_run_ops,
};
