/* pattr.h — providers' stability attributes as dtrace's -v report shows them: for each
 * provider the name and data stability and the dependency class of its provider, module,
 * function and name fields and of its arguments (the Guide's "Stability" chapter), and what a
 * probe description gets from them.
 *
 * Contract: pattr_of(NAME) is the table of the provider NAME (a process-specific name such as
 * "pid123" or "foo456" counts as its uprobe provider), or that of a provider dtrace does not
 * know, the Unstable / Unstable / Common it gives a description without a provider.
 * pattr_desc computes what dtrace reports for one probe description (-v): the minimum over
 * the fields it names, or failure when it matches no probe or several whose arguments may
 * differ. Pure functions over static tables. */
#ifndef USDTRACE_PATTR_H
#define USDTRACE_PATTR_H
#include <stdbool.h>

/* In increasing order, so the minimum of two is the smaller. */
enum pattr_stability {
	PATTR_INTERNAL, PATTR_PRIVATE, PATTR_OBSOLETE, PATTR_EXTERNAL, PATTR_UNSTABLE,
	PATTR_EVOLVING, PATTR_STABLE, PATTR_STANDARD,
};
enum pattr_class {
	PATTR_UNKNOWN, PATTR_CPU, PATTR_PLATFORM, PATTR_GROUP, PATTR_ISA, PATTR_COMMON,
};

struct pattr {
	enum pattr_stability name, data;
	enum pattr_class dep;
};

enum { PATTR_PROVIDER, PATTR_MODULE, PATTR_FUNCTION, PATTR_NAME, PATTR_ARGS, PATTR_NFIELDS };

/* A provider's five attribute triples, in the order above. */
struct pattr_table {
	struct pattr f[PATTR_NFIELDS];
};

const struct pattr_table *pattr_of(const char *provider);
struct pattr pattr_min(struct pattr a, struct pattr b);
const char *pattr_stability_name(enum pattr_stability s);
const char *pattr_class_name(enum pattr_class c);

/* Description prov:mod:func:name, which matched `nmatched` probes, the first of provider
 * `first_provider` (NULL when none): true and *desc / *args its probe description and argument
 * attributes when dtrace reports them; false when it does not (no match, or several probes
 * while a field that names them by a stable convention is empty or a glob), *desc / *args then
 * the Unstable ones dtrace gives such a description. */
bool pattr_desc(const char *prov, const char *mod, const char *func, const char *name,
		int nmatched, const char *first_provider, struct pattr *desc, struct pattr *args);
#endif
