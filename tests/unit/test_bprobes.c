/* test_bprobes — the built-in probe catalog: ids, the profile provider's rate rules (dtrace's
 * units, hz by default, the 200 us floor), on-demand creation, glob matching, -i ids. */
#include "t.h"

#include <stdlib.h>

#include "bprobes.h"

static struct probedesc pd(char *prov, char *mod, char *func, char *name)
{
	struct probedesc d = { prov, mod, func, name };
	return d;
}

/* Match `text` as -n gives it; returns the matched probes' names joined by ' '. */
static char *match_names(struct bprobes *c, const char *text, int *count)
{
	struct probedesc d;
	struct derr err;
	if (probedesc_parse(text, 'n', &d, &err) != 0)
		return xasprintf("ERR %s", err.msg);
	int *idx = NULL;
	size_t n = 0;
	*count = bprobes_match(c, NULL, &d, 0, &idx, &n);
	struct strbuf b = { 0 };
	for (size_t i = 0; i < n; i++)
		strbuf_printf(&b, "%s%u:%s:%s", i ? " " : "", c->probes[idx[i]].id,
			      c->probes[idx[i]].provider, c->probes[idx[i]].name);
	free(idx);
	probedesc_free(&d);
	return strbuf_take(&b);
}

T_CASE(catalog_ids)
{
	struct bprobes c;
	bprobes_init(&c);
	T_EQ_INT(c.n, 18);
	T_EQ_STR(c.probes[0].name, "BEGIN");
	T_EQ_INT(c.probes[0].kind, DOBJ_PROBE_BEGIN);
	T_EQ_STR(c.probes[1].name, "END");
	T_EQ_STR(c.probes[2].name, "ERROR");
	T_EQ_STR(c.probes[2].provider, "dtrace");
	T_EQ_INT(c.probes[2].id, 3);
	T_EQ_STR(c.probes[3].name, "profile-97");
	T_EQ_INT(c.probes[3].id, 4);
	T_EQ_STR(c.probes[17].name, "tick-10s");
	T_EQ_INT(c.probes[17].period_ns, 10000000000ull);
	T_EQ_INT(c.probes[17].kind, DOBJ_PROBE_TICK);
	bprobes_free(&c);
}

static uint64_t period(const char *name)
{
	enum dobj_probe_kind k;
	uint64_t p;
	return bprobes_profile_period(name, &k, &p) == 0 ? p : 0;
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
	struct bprobes c;
	bprobes_init(&c);
	int n;
	char *s = match_names(&c, "BEGIN", &n);
	T_EQ_STR(s, "1:dtrace:BEGIN");
	T_EQ_INT(n, 1);
	free(s);
	s = match_names(&c, "dtrace:::", &n);
	T_EQ_STR(s, "1:dtrace:BEGIN 2:dtrace:END 3:dtrace:ERROR");
	free(s);
	s = match_names(&c, "tick-1s", &n);
	T_EQ_STR(s, "17:profile:tick-1s");
	free(s);
	/* created on demand, next id, once */
	s = match_names(&c, "profile:::tick-250ms", &n);
	T_EQ_STR(s, "19:profile:tick-250ms");
	free(s);
	s = match_names(&c, "tick-250ms", &n);
	T_EQ_STR(s, "19:profile:tick-250ms");
	free(s);
	T_EQ_INT(c.n, 19);
	s = match_names(&c, "profile-33", &n);
	T_EQ_STR(s, "20:profile:profile-33");
	T_EQ_INT(c.probes[19].kind, DOBJ_PROBE_PROFILE);
	free(s);
	/* a glob creates nothing and matches what exists */
	s = match_names(&c, "tick-1*", &n);
	T_EQ_STR(s, "11:profile:tick-1 12:profile:tick-10 13:profile:tick-100 15:profile:tick-1000 "
		    "17:profile:tick-1s 18:profile:tick-10s");
	free(s);
	T_EQ_INT(c.n, 20);
	/* a description for another provider creates nothing */
	s = match_names(&c, "foo:::tick-7", &n);
	T_EQ_STR(s, "");
	T_EQ_INT(n, 0);
	T_EQ_INT(c.n, 20);
	free(s);
	s = match_names(&c, "tick-100us", &n);
	T_EQ_STR(s, "");
	T_EQ_INT(n, 0);
	free(s);
	s = match_names(&c, "E*", &n);
	T_EQ_STR(s, "2:dtrace:END 3:dtrace:ERROR");
	free(s);
	bprobes_free(&c);
}

T_CASE(match_ids_dedup)
{
	struct bprobes c;
	bprobes_init(&c);
	int *idx = NULL;
	size_t n = 0;
	struct probedesc any = pd("", "", "", "");
	T_EQ_INT(bprobes_match(&c, NULL, &any, 2, &idx, &n), 1);
	T_EQ_INT(bprobes_match(&c, NULL, &any, 2, &idx, &n), 1);
	T_EQ_INT(n, 1);
	T_EQ_INT(idx[0], 1);
	T_EQ_INT(bprobes_match(&c, NULL, &any, 99, &idx, &n), 0);
	T_EQ_INT(bprobes_match(&c, NULL, &any, 0, &idx, &n), 18);
	T_EQ_INT(n, 18);
	T_EQ_INT(idx[1], 0);
	free(idx);
	bprobes_free(&c);
}

T_MAIN()
