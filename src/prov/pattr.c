/* pattr.c — providers' stability attributes; see pattr.h. */
#include "pattr.h"

#include <ctype.h>
#include <string.h>

#define A(n, d, c) { PATTR_##n, PATTR_##d, PATTR_##c }

/* What a description without a provider (or with a glob for it) gets: every field Unstable,
 * Common (dtrace -v -e -n BEGIN: ":::BEGIN", Unstable / Unstable / Common). */
static const struct pattr_table unspecified = { {
	A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
	A(UNSTABLE, UNSTABLE, COMMON), A(UNSTABLE, UNSTABLE, COMMON),
} };

/* DTrace for Linux's providers, as its -v reports show them (dtrace -v -e -n PROV:::NAME and
 * -lv): the dtrace provider's names Stable but its module and function Private; profile's and
 * cpc's Evolving with an Unstable module; syscall's and fbt's functions Private / ISA; the
 * kernel's statically defined probes (sdt, rawtp) Private throughout; the Guide's providers
 * built on them (proc, sched, io, ip, tcp, udp, lockstat) Evolving / ISA with Private module
 * and function; pid and usdt probes Evolving / ISA names, Private arguments. */
static const struct {
	const char *name;
	struct pattr_table t;
} tables[] = {
	{ "dtrace", { { A(STABLE, STABLE, COMMON), A(PRIVATE, PRIVATE, UNKNOWN),
			A(PRIVATE, PRIVATE, UNKNOWN), A(STABLE, STABLE, COMMON),
			A(STABLE, STABLE, COMMON) } } },
	{ "profile", { { A(EVOLVING, EVOLVING, COMMON), A(UNSTABLE, UNSTABLE, UNKNOWN),
			 A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, COMMON),
			 A(EVOLVING, EVOLVING, COMMON) } } },
	{ "cpc", { { A(EVOLVING, EVOLVING, COMMON), A(UNSTABLE, UNSTABLE, UNKNOWN),
		     A(PRIVATE, PRIVATE, UNKNOWN), A(EVOLVING, EVOLVING, COMMON),
		     A(EVOLVING, EVOLVING, COMMON) } } },
	{ "syscall", { { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN),
			 A(PRIVATE, PRIVATE, ISA), A(EVOLVING, EVOLVING, COMMON),
			 A(PRIVATE, PRIVATE, ISA) } } },
	{ "fbt", { { A(EVOLVING, EVOLVING, COMMON), A(PRIVATE, PRIVATE, UNKNOWN),
		     A(PRIVATE, PRIVATE, ISA), A(EVOLVING, EVOLVING, COMMON),
		     A(PRIVATE, PRIVATE, ISA) } } },
	{ "sdt", { { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		     A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, ISA),
		     A(PRIVATE, PRIVATE, ISA) } } },
	{ "rawtp", { { A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
		       A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, ISA),
		       A(PRIVATE, PRIVATE, ISA) } } },
};

/* The Guide's providers built on others: Evolving / ISA names and arguments. */
static const char *const evolving_isa[] = {
	"proc", "sched", "io", "ip", "tcp", "udp", "lockstat",
};
static const struct pattr_table evolving_isa_table = { {
	A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
	A(EVOLVING, EVOLVING, ISA), A(EVOLVING, EVOLVING, ISA),
} };

/* pid and usdt probes (a provider named with its process id) */
static const struct pattr_table uprobe_table = { {
	A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN), A(PRIVATE, PRIVATE, UNKNOWN),
	A(EVOLVING, EVOLVING, ISA), A(PRIVATE, PRIVATE, UNKNOWN),
} };

#undef A

const struct pattr_table *pattr_of(const char *provider)
{
	if (!provider || !*provider)
		return &unspecified;
	for (size_t i = 0; i < sizeof(tables) / sizeof(tables[0]); i++)
		if (strcmp(provider, tables[i].name) == 0)
			return &tables[i].t;
	for (size_t i = 0; i < sizeof(evolving_isa) / sizeof(evolving_isa[0]); i++)
		if (strcmp(provider, evolving_isa[i]) == 0)
			return &evolving_isa_table;
	size_t n = strlen(provider);
	if (n > 0 && isdigit((unsigned char)provider[n - 1]))
		return &uprobe_table;
	return &unspecified;
}

struct pattr pattr_min(struct pattr a, struct pattr b)
{
	return (struct pattr){ a.name < b.name ? a.name : b.name, a.data < b.data ? a.data : b.data,
			       a.dep < b.dep ? a.dep : b.dep };
}

const char *pattr_stability_name(enum pattr_stability s)
{
	static const char *const names[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable",
		"Standard",
	};
	return (unsigned)s < sizeof(names) / sizeof(names[0]) ? names[s] : "Unknown";
}

const char *pattr_class_name(enum pattr_class c)
{
	static const char *const names[] = {
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common",
	};
	return (unsigned)c < sizeof(names) / sizeof(names[0]) ? names[c] : "Unknown";
}

/* A field that names no one thing: empty, or a glob pattern. */
static bool is_glob(const char *s)
{
	return !s || !*s || strpbrk(s, "*?[\\") != NULL;
}

bool pattr_desc(const char *prov, const char *mod, const char *func, const char *name,
		int nmatched, const char *first_provider, struct pattr *desc, struct pattr *args)
{
	*desc = unspecified.f[PATTR_PROVIDER];
	*args = unspecified.f[PATTR_ARGS];
	if (nmatched <= 0 || !first_provider)
		return false;
	bool gp = is_glob(prov), gm = is_glob(mod), gf = is_glob(func), gn = is_glob(name);
	const struct pattr_table *pv = pattr_of(first_provider);
	/* several probes: one signature stands for them all only when every field that names
	 * probes by an Evolving or better convention is spelled out, and the arguments are at
	 * least Evolving where the provider is not */
	if (nmatched > 1 &&
	    ((pv->f[PATTR_ARGS].data < PATTR_EVOLVING && gp) ||
	     (pv->f[PATTR_MODULE].name >= PATTR_EVOLVING && gm) ||
	     (pv->f[PATTR_FUNCTION].name >= PATTR_EVOLVING && gf) ||
	     (pv->f[PATTR_NAME].name >= PATTR_EVOLVING && gn)))
		return false;
	const struct pattr_table *t = gp ? &unspecified : pv;
	struct pattr a = t->f[PATTR_PROVIDER];
	if (!gm)
		a = pattr_min(a, t->f[PATTR_MODULE]);
	if (!gf)
		a = pattr_min(a, t->f[PATTR_FUNCTION]);
	if (!gn)
		a = pattr_min(a, t->f[PATTR_NAME]);
	*desc = a;
	*args = t->f[PATTR_ARGS];
	return true;
}
