/* bprobes.c — see bprobes.h. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bprobes.h"
#include "provider.h"
#include "util.h"

#define NSEC_PER_SEC 1000000000ull
#define PROFILE_MIN_PERIOD 200000ull /* dtrace refuses profile periods below 200 us */

struct dobj_probe *bprobes_add(struct bprobes *c, const struct provider *pv, const char *mod,
				const char *func, const char *name, enum dobj_probe_kind kind)
{
	xgrow(&c->probes, sizeof(*c->probes), &c->cap, c->n + 1);
	struct dobj_probe *p = &c->probes[c->n];
	memset(p, 0, sizeof(*p));
	p->id = (uint32_t)c->n + 1;
	p->provider = xstrdup(pv->name);
	p->module = xstrdup(mod);
	p->function = xstrdup(func);
	p->name = xstrdup(name);
	p->kind = kind;
	p->prov = pv;
	c->n++;
	return p;
}

static void add(struct bprobes *c, const char *prov, const char *name, enum dobj_probe_kind kind,
		uint64_t period)
{
	xgrow(&c->probes, sizeof(*c->probes), &c->cap, c->n + 1);
	struct dobj_probe *p = &c->probes[c->n];
	memset(p, 0, sizeof(*p));
	p->id = (uint32_t)c->n + 1;
	p->provider = xstrdup(prov);
	p->module = xstrdup("");
	p->function = xstrdup("");
	p->name = xstrdup(name);
	p->kind = kind;
	p->prov = strcmp(prov, "dtrace") == 0 ? &prov_dtrace : &prov_profile;
	p->period_ns = period;
	c->n++;
}

void bprobes_init(struct bprobes *c)
{
	static const char *const predefined[] = {
		"profile-97", "profile-199", "profile-499", "profile-997", "profile-1999",
		"profile-4001", "profile-4999", "tick-1", "tick-10", "tick-100", "tick-500",
		"tick-1000", "tick-5000", "tick-1s", "tick-10s",
	};
	memset(c, 0, sizeof(*c));
	add(c, "dtrace", "BEGIN", DOBJ_PROBE_BEGIN, 0);
	add(c, "dtrace", "END", DOBJ_PROBE_END, 0);
	add(c, "dtrace", "ERROR", DOBJ_PROBE_ERROR, 0);
	for (size_t i = 0; i < sizeof(predefined) / sizeof(predefined[0]); i++) {
		enum dobj_probe_kind kind;
		uint64_t period;
		if (bprobes_profile_period(predefined[i], &kind, &period) == 0)
			add(c, "profile", predefined[i], kind, period);
	}
}

void bprobes_free(struct bprobes *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->probes[i].provider);
		free(c->probes[i].module);
		free(c->probes[i].function);
		free(c->probes[i].name);
	}
	free(c->probes);
	free(c->kbtf_added);
	memset(c, 0, sizeof(*c));
}

int bprobes_profile_period(const char *name, enum dobj_probe_kind *kind, uint64_t *period_ns)
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

/* A description creates a profile probe when its name is a literal (no glob) profile-provider
 * name and its other fields could match profile:::. */
static void provide_profile(struct bprobes *c, const struct probedesc *d)
{
	enum dobj_probe_kind kind;
	uint64_t period;
	if (strpbrk(d->name, "*?[\\") != NULL ||
	    bprobes_profile_period(d->name, &kind, &period) != 0 ||
	    !probedesc_match(d, "profile", 0, "", "", d->name))
		return;
	for (size_t i = 0; i < c->n; i++)
		if (strcmp(c->probes[i].provider, "profile") == 0 &&
		    strcmp(c->probes[i].name, d->name) == 0)
			return;
	add(c, "profile", d->name, kind, period);
}

/* Append i unless among the first `known` entries (those of earlier calls: one pass over the
 * catalog visits each index once, so its own entries need no search). */
static void push_unique(int **idx, size_t *nidx, size_t *cap, size_t known, int i)
{
	for (size_t k = 0; k < known; k++)
		if ((*idx)[k] == i)
			return;
	xgrow(idx, sizeof(**idx), cap, *nidx + 1);
	(*idx)[(*nidx)++] = i;
}

int bprobes_match(struct bprobes *c, const struct provider *only, const struct probedesc *d,
		  uint32_t id, int **idx, size_t *nidx)
{
	int matched = 0;
	size_t known = *nidx, cap = *nidx;
	if (id != 0) {
		if (id <= c->n && (!only || c->probes[id - 1].prov == only)) {
			push_unique(idx, nidx, &cap, known, (int)id - 1);
			matched = 1;
		}
		return matched;
	}
	if (!only || only == &prov_profile)
		provide_profile(c, d);
	for (size_t i = 0; i < c->n; i++) {
		const struct dobj_probe *p = &c->probes[i];
		if (only && p->prov != only)
			continue;
		if (probedesc_match(d, p->provider, 0, p->module, p->function, p->name)) {
			push_unique(idx, nidx, &cap, known, (int)i);
			matched++;
		}
	}
	return matched;
}
