/* test_bprobes — the builtin probe catalog (bprobes.h) as the providers fill it: ids (dtrace's,
 * the profile provider's standing probes, the kernel providers' after them), the profile
 * provider's rate rules (dtrace's units, hz by default, the 200 us floor), on-demand creation,
 * glob matching, -i ids. */
#include "t.h"

#include <stdlib.h>

#include "bprobes.h"
#include "pcat.h"
#include "provider.h"

static struct probedesc pd(char *prov, char *mod, char *func, char *name)
{
	struct probedesc d = { prov, mod, func, name };
	return d;
}

/* The dtrace and profile providers' standing probes alone. */
static void init_builtin(struct bprobes *c)
{
	bprobes_init(c);
	prov_dtrace.populate(c);
	prov_profile.populate(c);
}

/* Match `text` as -n gives it, through the dtrace and profile providers, for clause 0 of c;
 * returns the matched probes' ids and names joined by ' '. */
static char *match_names(struct pcat *c, const char *text, int *count)
{
	struct probedesc d;
	struct derr err;
	if (probedesc_parse(text, 'n', &d, &err) != 0)
		return xasprintf("ERR %s", err.msg);
	free(c->clause_idx[0]);
	c->clause_idx[0] = NULL;
	c->nclause_idx[0] = 0;
	*count = prov_dtrace.match(c, &d, 0, 0, 0);
	*count += prov_profile.match(c, &d, 0, 0, *count);
	struct strbuf b = { 0 };
	for (size_t i = 0; i < c->nclause_idx[0]; i++) {
		const struct dobj_probe *p = &c->builtin.probes[c->clause_idx[0][i]];
		strbuf_printf(&b, "%s%u:%s:%s", i ? " " : "", p->id, p->provider, p->name);
	}
	probedesc_free(&d);
	return b.s ? strbuf_take(&b) : xstrdup("");
}

T_CASE(catalog_ids)
{
	struct bprobes c;
	init_builtin(&c);
	T_EQ_INT(c.n, 16);
	T_EQ_STR(c.probes[0].name, "BEGIN");
	T_EQ_INT(c.probes[0].kind, DOBJ_PROBE_BEGIN);
	T_EQ_STR(c.probes[1].name, "END");
	T_EQ_STR(c.probes[2].name, "ERROR");
	T_EQ_STR(c.probes[2].provider, "dtrace");
	T_EQ_INT(c.probes[2].id, 3);
	T_EQ_STR(c.probes[3].name, "profile-97");
	T_EQ_INT(c.probes[3].id, 4);
	/* DTrace for Linux's 13 standing profile probes end at tick-5000 (dtrace -l -P profile) */
	T_EQ_STR(c.probes[15].name, "tick-5000");
	T_EQ_INT(*(const uint64_t *)c.probes[15].data, 200000ull);
	T_EQ_INT(c.probes[15].kind, DOBJ_PROBE_TICK);
	bprobes_free(&c);
	/* the whole table: dtrace's 3, the cpc provider's (the events this machine opens, as
	 * DTrace for Linux numbers them: right after dtrace's), the profile provider's 13, then
	 * the kernel providers' (syscall first) */
	struct pcat pc;
	pcat_init(&pc, 0);
	size_t ncpc = 0;
	while (3 + ncpc < pc.builtin.n && pc.builtin.probes[3 + ncpc].prov == &prov_cpc)
		ncpc++;
	T_CHECK(ncpc >= 2);  /* cpu_clock's two names at least: every kernel has the event */
	T_EQ_STR(pc.builtin.probes[3].name, "perf_count_sw_cpu_clock-all-1000000000");
	T_EQ_STR(pc.builtin.probes[4].name, "cpu_clock-all-1000000000");
	T_EQ_INT(pc.builtin.probes[3].id, 4);
	T_CHECK(pc.builtin.n > 16 + ncpc);
	T_EQ_STR(pc.builtin.probes[3 + ncpc].name, "profile-97");
	T_EQ_STR(pc.builtin.probes[15 + ncpc].name, "tick-5000");
	T_EQ_STR(pc.builtin.probes[16 + ncpc].provider, "syscall");
	T_EQ_INT(pc.builtin.probes[16 + ncpc].id, 17 + ncpc);
	pcat_free(&pc);
}

/* How many probes the cpc provider stands in the catalog with (they come before profile's). */
static uint32_t ncpc_probes(const struct pcat *c)
{
	uint32_t n = 0;
	for (size_t i = 0; i < c->builtin.n; i++)
		n += c->builtin.probes[i].prov == &prov_cpc;
	return n;
}

/* The period of the profile probe `name` as the profile provider makes it, 0 when it makes
 * none. */
static uint64_t period(const char *name)
{
	struct pcat c;
	pcat_init(&c, 1);
	struct probedesc d = pd("profile", "", "", (char *)name);
	uint64_t p = 0;
	if (prov_profile.match(&c, &d, 0, 0, 0) == 1)
		p = *(const uint64_t *)c.builtin.probes[c.clause_idx[0][0]].data;
	pcat_free(&c);
	return p;
}

T_CASE(rates)
{
	T_EQ_UINT(period("tick-1"), 1000000000ull);
	T_EQ_UINT(period("tick-1hz"), 1000000000ull);
	T_EQ_UINT(period("tick-4HZ"), 250000000ull);
	T_EQ_UINT(period("profile-997"), 1000000000ull / 997);
	T_EQ_UINT(period("tick-1s"), 1000000000ull);
	T_EQ_UINT(period("tick-1sec"), 1000000000ull);
	T_EQ_UINT(period("tick-10ms"), 10000000ull);
	T_EQ_UINT(period("tick-10msec"), 10000000ull);
	T_EQ_UINT(period("tick-200us"), 200000ull);
	T_EQ_UINT(period("tick-300usec"), 300000ull);
	T_EQ_UINT(period("tick-200000ns"), 200000ull);
	T_EQ_UINT(period("tick-200000nsec"), 200000ull);
	T_EQ_UINT(period("tick-2m"), 120000000000ull);
	T_EQ_UINT(period("tick-2min"), 120000000000ull);
	T_EQ_UINT(period("tick-1h"), 3600000000000ull);
	T_EQ_UINT(period("tick-1hour"), 3600000000000ull);
	T_EQ_UINT(period("tick-1d"), 86400000000000ull);
	T_EQ_UINT(period("tick-1day"), 86400000000000ull);
	T_EQ_UINT(period("tick-1Sec"), 1000000000ull);
	/* below 200 us, zero, junk, overflow: no probe */
	T_EQ_UINT(period("tick-199us"), 0);
	T_EQ_UINT(period("profile-5001"), 0);
	T_EQ_UINT(period("tick-0"), 0);
	T_EQ_UINT(period("tick-"), 0);
	T_EQ_UINT(period("tick-1x"), 0);
	T_EQ_UINT(period("tick-1secs"), 0);
	T_EQ_UINT(period("tick--1"), 0);
	T_EQ_UINT(period("tick-99999999999999999999999"), 0);
	T_EQ_UINT(period("tick-999999999999day"), 0);
	T_EQ_UINT(period("tock-1"), 0);
	T_EQ_UINT(period("BEGIN"), 0);
}

T_CASE(match_and_create)
{
	struct pcat c;
	pcat_init(&c, 1);
	uint32_t next = (uint32_t)c.builtin.n + 1;   /* the first on-demand probe's id */
	int n;
	char *s = match_names(&c, "BEGIN", &n);
	T_EQ_STR(s, "1:dtrace:BEGIN");
	T_EQ_INT(n, 1);
	free(s);
	s = match_names(&c, "dtrace:::", &n);
	T_EQ_STR(s, "1:dtrace:BEGIN 2:dtrace:END 3:dtrace:ERROR");
	free(s);
	/* tick-1s is no standing probe (dtrace -l -P profile): made on demand, the next id */
	s = match_names(&c, "tick-1s", &n);
	char *tick = xasprintf("%u:profile:tick-1s", next++);
	T_EQ_STR(s, tick);
	free(tick);
	free(s);
	/* created on demand, next id, once */
	char *want = xasprintf("%u:profile:tick-250ms", next);
	s = match_names(&c, "profile:::tick-250ms", &n);
	T_EQ_STR(s, want);
	free(s);
	s = match_names(&c, "tick-250ms", &n);
	T_EQ_STR(s, want);
	free(s);
	free(want);
	T_EQ_INT(c.builtin.n, next);
	want = xasprintf("%u:profile:profile-33", next + 1);
	s = match_names(&c, "profile-33", &n);
	T_EQ_STR(s, want);
	T_EQ_INT(c.builtin.probes[next].kind, DOBJ_PROBE_PROFILE);
	T_EQ_INT(*(const uint64_t *)c.builtin.probes[next].data, 1000000000ull / 33);
	free(s);
	free(want);
	/* a glob creates nothing and matches what exists */
	s = match_names(&c, "tick-1*", &n);
	uint32_t k = ncpc_probes(&c);
	want = xasprintf("%u:profile:tick-1 %u:profile:tick-10 %u:profile:tick-100 "
			 "%u:profile:tick-1000 %u:profile:tick-1s",
			 11 + k, 12 + k, 13 + k, 15 + k, next - 1);
	T_EQ_STR(s, want);
	free(want);
	free(s);
	T_EQ_INT(c.builtin.n, next + 1);
	/* a description for another provider creates nothing */
	s = match_names(&c, "foo:::tick-7", &n);
	T_EQ_STR(s, "");
	T_EQ_INT(n, 0);
	T_EQ_INT(c.builtin.n, next + 1);
	free(s);
	s = match_names(&c, "tick-100us", &n);
	T_EQ_STR(s, "");
	T_EQ_INT(n, 0);
	free(s);
	s = match_names(&c, "E*", &n);
	T_EQ_STR(s, "2:dtrace:END 3:dtrace:ERROR");
	free(s);
	pcat_free(&c);
}

/* Each description is its own enabling (dtrace: one per description), so a probe matched
 * again by a later description is listed again. */
T_CASE(match_ids_per_description)
{
	struct bprobes c;
	init_builtin(&c);
	int *idx = NULL;
	size_t n = 0;
	struct probedesc any = pd("", "", "", "");
	T_EQ_INT(bprobes_match(&c, NULL, &any, 2, &idx, &n), 1);
	T_EQ_INT(bprobes_match(&c, NULL, &any, 2, &idx, &n), 1);
	T_EQ_INT(n, 2);
	T_EQ_INT(idx[0], 1);
	T_EQ_INT(idx[1], 1);
	T_EQ_INT(bprobes_match(&c, NULL, &any, 99, &idx, &n), 0);
	T_EQ_INT(bprobes_match(&c, NULL, &any, 0, &idx, &n), 16);
	T_EQ_INT(n, 18);
	T_EQ_INT(idx[2], 0);
	free(idx);
	bprobes_free(&c);
}

T_MAIN()
