/* cpc.c — the cpc provider: probes that fire every COUNT events of a CPU performance counter,
 * as DTrace for Linux's cpc provider. A probe is named EVENT-MODE[-ATTRIBUTES]-COUNT:
 *   EVENT  one of the names of the table below (perf's event names with '-' made '_', and the
 *          kernel's PERF_COUNT_* names in lower case), present only when this machine opens
 *          such an event (hardware events need a PMU: a VM often has none);
 *   MODE   user, kernel or all: the privilege mode events are counted in;
 *   ATTRIBUTES  platform-specific event attributes: none of the generic events has any, so a
 *          name with them creates nothing (DTrace for Linux refuses them too);
 *   COUNT  decimal digits, not 0: the sampling period, in events (nanoseconds for the clocks).
 * Every available event is listed as EVENT-all-1000000000 (standing probes, right after
 * dtrace's, as DTrace for Linux numbers them); a description naming another literal name
 * creates that probe, as the profile provider creates tick-N. A name that does not decode
 * creates nothing, so the description "does not match any probes".
 *
 * Programs are perf-event programs (perfev.h, shared with profile), one perf event per online
 * CPU (or the -x cpu one) running the probe's program; arg0 is the kernel pc, arg1 the user pc
 * at the sample, as dtrace documents. A probe's data is its struct attach_sample. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "attach.h"
#include "bprobes.h"
#include "pcat.h"
#include "perfev.h"
#include "provider.h"
#include "util.h"

/* The events: every spelling dtrace users may write for one perf event. A name of the table is
 * a D name (no '-': it separates the fields of a probe name). */
struct cpc_event {
	const char *name;      /* D name */
	const char *perf;      /* perf's name of the event, for messages */
	uint32_t type;         /* PERF_TYPE_SOFTWARE or PERF_TYPE_HARDWARE */
	uint64_t config;
};

#define SW(n, p, c) { n, p, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c }
#define HW(n, p, c) { n, p, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c }
static const struct cpc_event events[] = {
	SW("perf_count_sw_cpu_clock", "cpu-clock", CPU_CLOCK),
	SW("cpu_clock", "cpu-clock", CPU_CLOCK),
	SW("perf_count_sw_task_clock", "task-clock", TASK_CLOCK),
	SW("task_clock", "task-clock", TASK_CLOCK),
	SW("perf_count_sw_page_faults", "page-faults", PAGE_FAULTS),
	SW("page_faults", "page-faults", PAGE_FAULTS),
	SW("faults", "page-faults", PAGE_FAULTS),
	SW("perf_count_sw_context_switches", "context-switches", CONTEXT_SWITCHES),
	SW("context_switches", "context-switches", CONTEXT_SWITCHES),
	SW("cs", "context-switches", CONTEXT_SWITCHES),
	SW("perf_count_sw_cpu_migrations", "cpu-migrations", CPU_MIGRATIONS),
	SW("cpu_migrations", "cpu-migrations", CPU_MIGRATIONS),
	SW("migrations", "cpu-migrations", CPU_MIGRATIONS),
	SW("perf_count_sw_page_faults_min", "minor-faults", PAGE_FAULTS_MIN),
	SW("minor_faults", "minor-faults", PAGE_FAULTS_MIN),
	SW("perf_count_sw_page_faults_maj", "major-faults", PAGE_FAULTS_MAJ),
	SW("major_faults", "major-faults", PAGE_FAULTS_MAJ),
	SW("perf_count_sw_alignment_faults", "alignment-faults", ALIGNMENT_FAULTS),
	SW("alignment_faults", "alignment-faults", ALIGNMENT_FAULTS),
	SW("perf_count_sw_emulation_faults", "emulation-faults", EMULATION_FAULTS),
	SW("emulation_faults", "emulation-faults", EMULATION_FAULTS),
	SW("perf_count_sw_cgroup_switches", "cgroup-switches", CGROUP_SWITCHES),
	SW("cgroup_switches", "cgroup-switches", CGROUP_SWITCHES),
	HW("perf_count_hw_cpu_cycles", "cycles", CPU_CYCLES),
	HW("cpu_cycles", "cycles", CPU_CYCLES),
	HW("cycles", "cycles", CPU_CYCLES),
	HW("perf_count_hw_instructions", "instructions", INSTRUCTIONS),
	HW("instructions", "instructions", INSTRUCTIONS),
	HW("perf_count_hw_cache_references", "cache-references", CACHE_REFERENCES),
	HW("cache_references", "cache-references", CACHE_REFERENCES),
	HW("perf_count_hw_cache_misses", "cache-misses", CACHE_MISSES),
	HW("cache_misses", "cache-misses", CACHE_MISSES),
	HW("perf_count_hw_branch_instructions", "branch-instructions", BRANCH_INSTRUCTIONS),
	HW("branch_instructions", "branch-instructions", BRANCH_INSTRUCTIONS),
	HW("branches", "branch-instructions", BRANCH_INSTRUCTIONS),
	HW("perf_count_hw_branch_misses", "branch-misses", BRANCH_MISSES),
	HW("branch_misses", "branch-misses", BRANCH_MISSES),
	HW("perf_count_hw_bus_cycles", "bus-cycles", BUS_CYCLES),
	HW("bus_cycles", "bus-cycles", BUS_CYCLES),
	HW("perf_count_hw_stalled_cycles_frontend", "stalled-cycles-frontend",
	   STALLED_CYCLES_FRONTEND),
	HW("stalled_cycles_frontend", "stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("idle_cycles_frontend", "stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("perf_count_hw_stalled_cycles_backend", "stalled-cycles-backend",
	   STALLED_CYCLES_BACKEND),
	HW("stalled_cycles_backend", "stalled-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("idle_cycles_backend", "stalled-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("perf_count_hw_ref_cpu_cycles", "ref-cycles", REF_CPU_CYCLES),
	HW("ref_cycles", "ref-cycles", REF_CPU_CYCLES),
};
#undef SW
#undef HW
#define NEVENTS (sizeof(events) / sizeof(events[0]))

/* Whether this machine opens event e: asked of the kernel once per run, with a disabled
 * counter on the tracer itself (no CPU need be named, no event runs). A hardware event with no
 * PMU fails with ENOENT; perf events withheld (perf_event_paranoid, lockdown) fail too, and
 * then no event is offered. */
static bool available(const struct cpc_event *e)
{
	static signed char known[NEVENTS]; /* 0 not asked, 1 yes, -1 no */
	size_t k = (size_t)(e - events);
	/* aliases share the answer of the first name of their event */
	for (size_t i = 0; i < k; i++)
		if (events[i].type == e->type && events[i].config == e->config) {
			k = i;
			break;
		}
	if (known[k] == 0) {
		struct perf_event_attr a;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = e->type;
		a.config = e->config;
		a.sample_period = 1000000000;
		a.disabled = 1;
		int fd = (int)syscall(__NR_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
		known[k] = fd >= 0 ? 1 : -1;
		if (fd >= 0)
			close(fd);
	}
	return known[k] > 0;
}

/* Decode a probe name EVENT-MODE[-ATTRIBUTES]-COUNT into *ev. Returns 0, or -1 when it is no
 * cpc probe of this machine (unknown or unavailable event, bad mode, attributes, a count that
 * is not digits, 0 or overflows). */
static int cpc_decode(const char *name, struct attach_sample *ev)
{
	const char *dash = strchr(name, '-');
	if (!dash)
		return -1;
	size_t elen = (size_t)(dash - name);
	const struct cpc_event *e = NULL;
	for (size_t i = 0; i < NEVENTS && !e; i++)
		if (strlen(events[i].name) == elen && strncmp(events[i].name, name, elen) == 0)
			e = &events[i];
	if (!e || !available(e))
		return -1;
	memset(ev, 0, sizeof(*ev));
	ev->type = e->type;
	ev->config = e->config;
	ev->name = e->perf;
	const char *mode = dash + 1, *count = strchr(mode, '-');
	if (!count)
		return -1;
	size_t mlen = (size_t)(count - mode);
	if (mlen == 4 && strncmp(mode, "user", 4) == 0)
		ev->exclude_kernel = true;
	else if (mlen == 6 && strncmp(mode, "kernel", 6) == 0)
		ev->exclude_user = true;
	else if (!(mlen == 3 && strncmp(mode, "all", 3) == 0))
		return -1;
	count++;
	/* a further '-' would start attributes, which no event of the table takes */
	if (*count == '\0' || strspn(count, "0123456789") != strlen(count))
		return -1;
	uint64_t v = 0;
	for (const char *p = count; *p; p++) {
		if (v > (UINT64_MAX - 9) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (v == 0)
		return -1;
	ev->period = v;
	return 0;
}

static void add(struct bprobes *c, const char *name)
{
	struct attach_sample ev;
	if (cpc_decode(name, &ev) != 0)
		return;
	struct dobj_probe *p = bprobes_add(c, &prov_cpc, "", "", name, DOBJ_PROBE_CPC);
	*(struct attach_sample *)bprobes_data(c, p, sizeof(ev)) = ev;
}

static void cpc_populate(struct bprobes *c)
{
	for (size_t i = 0; i < NEVENTS; i++) {
		char name[96];
		snprintf(name, sizeof(name), "%s-all-1000000000", events[i].name);
		add(c, name);
	}
}

/* A description creates a cpc probe when its name is a literal cpc probe name and its other
 * fields could match cpc:::. */
static void provide(struct bprobes *c, const struct probedesc *d)
{
	struct attach_sample ev;
	if (probedesc_is_glob(d->name) || cpc_decode(d->name, &ev) != 0 ||
	    !probedesc_match(d, "cpc", 0, "", "", d->name))
		return;
	for (size_t i = 0; i < c->n; i++)
		if (c->probes[i].prov == &prov_cpc && strcmp(c->probes[i].name, d->name) == 0)
			return;
	add(c, d->name);
}

static int cpc_match(struct pcat *cat, const struct probedesc *d, uint32_t id, int clause,
		     int nbefore)
{
	(void)nbefore;
	if (id == 0)
		provide(&cat->builtin, d);
	return pcat_match_builtin(cat, &prov_cpc, d, id, clause);
}

static void cpc_list_provide(struct pcat *cat, const struct probedesc *d)
{
	provide(&cat->builtin, d);
}

static int cpc_attach(struct prov_run *r, struct dobj_prog *p)
{
	const struct dobj_probe *pr = &r->o->probes[p->probe];
	char err[512];
	int rc = attach_sample_event(r->set, p->fd, r->cpu, pr->data, err, sizeof(err));
	if (rc != 0)
		util_warn("failed to enable probe %u (%s:%s:%s:%s): %s", pr->id, pr->provider,
			  pr->module, pr->function, pr->name, err);
	return rc;
}

/* DTrace for Linux's: names Evolving (provider), Unstable (module), Private (function),
 * Evolving (name); data and arguments Evolving, class Common. -l -v shows the name's and the
 * arguments'. */
static const char *const cpc_attrs[] = {
	"Evolving", "Evolving", "Common", "Evolving", "Evolving", "Common",
};

const struct provider prov_cpc = {
	.name = "cpc",
	.match = cpc_match,
	.populate = cpc_populate,
	.list_provide = cpc_list_provide,
	.prog_type = perfev_prog_type,
	.flags = perfev_flags,
	.cg_arg = perfev_cg_pc_arg,
	.attach = cpc_attach,
	.list_attrs = cpc_attrs,
};
