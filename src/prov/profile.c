/* profile.c — the profile provider: profile-N (every CPU) and tick-N (one CPU) on perf
 * cpu-clock events. The standing probes (profile-97 ... tick-5000, the ones DTrace for Linux lists)
 * are in the builtin catalog
 * (bprobes.h) from the start, right after dtrace's; a description naming another rate creates
 * its probe, as dtrace's profile provider does: a literal name "tick-RATE" or "profile-RATE",
 * ids continuing in order of creation.
 *
 * RATE is digits with an optional unit: ns nsec us usec ms msec s sec m min h hour d day hz
 * (any case); digits alone mean hz. A period below 200 microseconds, a rate of 0, an unknown
 * unit or an overflowing value create nothing (dtrace's profile provider creates nothing
 * either, so such a description "does not match any probes").
 *
 * A probe's data (dobj_probe.data) is its period in nanoseconds, a uint64_t. Programs are
 * perf-event programs (perfev.h, shared with cpc: program type, flags, arg0/arg1). */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "attach.h"
#include "bprobes.h"
#include "pcat.h"
#include "perfev.h"
#include "provider.h"
#include "util.h"

#define NSEC_PER_SEC 1000000000ull
#define PROFILE_MIN_PERIOD 200000ull /* dtrace refuses profile periods below 200 us */

/* "tick-1s" -> DOBJ_PROBE_TICK, 1e9; "profile-97" -> DOBJ_PROBE_PROFILE, 1e9/97.
 * Returns 0, or -1 when name is no valid profile-provider probe name. */
static int profile_period(const char *name, enum dobj_probe_kind *kind, uint64_t *period_ns)
{
	static const struct { const char *unit; uint64_t mult; } units[] = {
		{ "ns", 1 }, { "nsec", 1 }, { "us", 1000 }, { "usec", 1000 },
		{ "ms", 1000000 }, { "msec", 1000000 }, { "s", NSEC_PER_SEC }, { "sec", NSEC_PER_SEC },
		{ "m", 60 * NSEC_PER_SEC }, { "min", 60 * NSEC_PER_SEC },
		{ "h", 3600 * NSEC_PER_SEC }, { "hour", 3600 * NSEC_PER_SEC },
		{ "d", 86400 * NSEC_PER_SEC }, { "day", 86400 * NSEC_PER_SEC },
	};
	const char *p;
	if (strncmp(name, "tick-", 5) == 0) {
		*kind = DOBJ_PROBE_TICK;
		p = name + 5;
	} else if (strncmp(name, "profile-", 8) == 0) {
		*kind = DOBJ_PROBE_PROFILE;
		p = name + 8;
	} else {
		return -1;
	}
	if (*p < '0' || *p > '9')
		return -1;
	uint64_t v = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (v == 0)
		return -1;
	uint64_t period;
	if (*p == '\0' || strcasecmp(p, "hz") == 0) {
		period = NSEC_PER_SEC / v;
	} else {
		size_t i, n = sizeof(units) / sizeof(units[0]);
		for (i = 0; i < n; i++)
			if (strcasecmp(p, units[i].unit) == 0)
				break;
		if (i == n || v > UINT64_MAX / units[i].mult)
			return -1;
		period = v * units[i].mult;
	}
	if (period < PROFILE_MIN_PERIOD)
		return -1;
	*period_ns = period;
	return 0;
}

/* The probe `name` (a valid profile-provider name), its period its data. */
static void add(struct bprobes *c, const char *name)
{
	enum dobj_probe_kind kind;
	uint64_t period;
	if (profile_period(name, &kind, &period) != 0)
		return;
	struct dobj_probe *p = bprobes_add(c, &prov_profile, "", "", name, kind);
	*(uint64_t *)bprobes_data(c, p, sizeof(uint64_t)) = period;
}

static void profile_populate(struct bprobes *c)
{
	static const char *const predefined[] = {
		"profile-97", "profile-199", "profile-499", "profile-997", "profile-1999",
		"profile-4001", "profile-4999", "tick-1", "tick-10", "tick-100", "tick-500",
		"tick-1000", "tick-5000",
	};
	for (size_t i = 0; i < sizeof(predefined) / sizeof(predefined[0]); i++)
		add(c, predefined[i]);
}

/* A description creates a profile probe when its name is a literal (no glob) profile-provider
 * name, its provider field could name profile and its module and function fields are empty:
 * dtrace's provider makes a probe for profile:::tick-3s and :::tick-3s, not for
 * profile:*::tick-3s (dtrace -l -n 'profile:*::tick-3s': "No probe matches description"),
 * though such a glob matches the probes that exist. */
static void provide(struct bprobes *c, const struct probedesc *d)
{
	enum dobj_probe_kind kind;
	uint64_t period;
	if (probedesc_is_glob(d->name) || *d->mod || *d->func ||
	    profile_period(d->name, &kind, &period) != 0 ||
	    !probedesc_match(d, "profile", 0, "", "", d->name))
		return;
	for (size_t i = 0; i < c->n; i++)
		if (c->probes[i].prov == &prov_profile && strcmp(c->probes[i].name, d->name) == 0)
			return;
	add(c, d->name);
}

static int profile_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
			 int nbefore)
{
	(void)nbefore;
	if (id == 0)
		provide(&cat->builtin, d);
	return pcat_match_builtin(cat, &prov_profile, d, id, clause);
}

/* -l makes the probe a literal name describes, as dtrace lists profile:::tick-1sec. */
static void profile_list_provide(struct pcat *cat, const struct probedesc *d)
{
	provide(&cat->builtin, d);
}

/* tick-N runs on one CPU. A cpu-clock event samples an idle CPU rarely or never on this
 * kernel (measured with bpftrace's profile:hz:100 on an idle machine: 200 samples on CPU 0,
 * none on CPU 1 in 2 s), and the CPU the tracer happens to run on goes idle while it waits for
 * records, which stalled tick probes. The lowest online CPU usually keeps its tick (it owns
 * timekeeping), so tick-N goes there. */
static int tick_cpu(void)
{
	int *cpus = NULL, n = 0, cpu = 0;
	char err[128];
	if (attach_online_cpus(&cpus, &n, err, sizeof(err)) == 0 && n > 0)
		cpu = cpus[0];
	free(cpus);
	return cpu;
}

static int profile_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char err[512];
	/* -x cpu=N: tick and profile probes fire on CPU N only, as dtrace restricts them */
	int cpu = r->cpu >= 0 ? r->cpu : pr->kind == DOBJ_PROBE_TICK ? tick_cpu() : -1;
	int rc = attach_cpu_clock(r->set, p->fd, cpu, *(const uint64_t *)pr->data, err, sizeof(err));
	if (rc != 0)
		util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider,
			  pr->module, pr->function, pr->name, err);
	return rc;
}

/* DTrace for Linux's profile provider (dtrace -lv profile:::tick-1s): the probe's names and
 * data Evolving, and so are its arguments', class Common; the Guide's profile stability table
 * agrees for the name and the arguments. */
static const char *const profile_attrs[] = {
	"Evolving", "Evolving", "Common", "Evolving", "Evolving", "Common",
};

const struct provider prov_profile = {
	.name = "profile",
	.match = profile_match,
	.populate = profile_populate,
	.list_provide = profile_list_provide,
	.prog_type = perfev_prog_type,
	.flags = perfev_flags,
	.cg_arg = perfev_cg_pc_arg,
	.attach = profile_attach,
	.list_attrs = profile_attrs,
};
