/* probedesc.c — see probedesc.h.
 *
 * Globs are matched by dynamic programming over (pattern token, string position) rather than
 * by backtracking, so a hostile pattern like "*a*a*a*a*b" costs O(|pattern| * |string|) and can
 * never make a listing hang. */
#include "probedesc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* ---- glob tokens ---- */

enum gtok_kind { GT_LIT, GT_ANY, GT_STAR, GT_SET, GT_DASH, GT_NEVER /* an unterminated [ */ };

struct gtok {
	enum gtok_kind kind;
	char c;               /* GT_LIT */
	bool negate;          /* GT_SET */
	const char *set;      /* GT_SET: the text between '[' (after ! or ^) and ']' */
	size_t setlen;
};

/* Length of a bracket expression starting at p[0] == '[', including both brackets, or 0 if
 * it is not terminated. A ']' right after '[' (or "[!") is a member, not the end. */
static size_t bracket_len(const char *p)
{
	size_t i = 1;
	if (p[i] == '!' || p[i] == '^')
		i++;
	if (p[i] == ']')
		i++;
	for (; p[i]; i++)
		if (p[i] == ']')
			return i + 1;
	return 0;
}

static bool set_has(const struct gtok *t, char c)
{
	const unsigned char *s = (const unsigned char *)t->set;
	unsigned char uc = (unsigned char)c;
	bool in = false;
	for (size_t i = 0; i < t->setlen; i++) {
		if (i + 2 < t->setlen && s[i + 1] == '-') {
			if (s[i] <= uc && uc <= s[i + 2])
				in = true;
			i += 2;
		} else if (s[i] == uc) {
			in = true;
		}
	}
	return in != t->negate;
}

/* Split a pattern into tokens. An unterminated '[' matches nothing: dtrace's gmatch fails on
 * it, so `dtrace:::[B` is a description that matches no probe, not a malformed one. */
static struct gtok *tokenize(const char *p, bool dashes, size_t *np)
{
	size_t n = 0, cap = 0;
	struct gtok *v = NULL;
	while (*p) {
		xgrow(&v, sizeof(*v), &cap, n + 1);
		struct gtok *t = &v[n];
		memset(t, 0, sizeof(*t));
		size_t blen;
		if (*p == '*') {
			t->kind = GT_STAR;
			while (*p == '*')
				p++;
		} else if (*p == '?') {
			t->kind = GT_ANY;
			p++;
		} else if (*p == '[' && (blen = bracket_len(p)) != 0) {
			t->kind = GT_SET;
			const char *body = p + 1;
			if (*body == '!' || *body == '^') {
				t->negate = true;
				body++;
			}
			t->set = body;
			t->setlen = (size_t)(p + blen - 1 - body);
			p += blen;
		} else if (*p == '[') {
			t->kind = GT_NEVER;
			p += strlen(p);
		} else if (*p == '\\' && p[1]) {
			t->kind = GT_LIT;
			t->c = p[1];
			p += 2;
		} else if (dashes && *p == '-') {
			t->kind = GT_DASH;
			p++;
		} else {
			t->kind = GT_LIT;
			t->c = *p++;
		}
		n++;
	}
	*np = n;
	return v;
}

bool probedesc_glob(const char *pattern, const char *s, bool dashes)
{
	size_t nt, ns = strlen(s);
	struct gtok *t = tokenize(pattern, dashes, &nt);
	/* ok[i * (ns + 1) + j]: tokens i.. match s + j. Filled from the end. */
	size_t w = ns + 1;
	bool *ok = xcalloc((nt + 1) * w, sizeof(bool));
	ok[nt * w + ns] = true;
	for (size_t i = nt; i-- > 0;) {
		for (size_t j = ns + 1; j-- > 0;) {
			bool m = false;
			char c = s[j];
			switch (t[i].kind) {
			case GT_STAR:
				m = ok[(i + 1) * w + j] || (j < ns && ok[i * w + j + 1]);
				break;
			case GT_ANY:
				m = j < ns && ok[(i + 1) * w + j + 1];
				break;
			case GT_SET:
				m = j < ns && set_has(&t[i], c) && ok[(i + 1) * w + j + 1];
				break;
			case GT_LIT:
				m = j < ns && c == t[i].c && ok[(i + 1) * w + j + 1];
				break;
			case GT_NEVER:
				m = false;
				break;
			case GT_DASH: /* "-" stands for "__" in the note, or a literal '-' */
				m = (j + 1 < ns && c == '_' && s[j + 1] == '_' && ok[(i + 1) * w + j + 2]) ||
				    (j < ns && c == '-' && ok[(i + 1) * w + j + 1]);
				break;
			}
			ok[i * w + j] = m;
		}
	}
	bool r = ok[0];
	free(ok);
	free(t);
	return r;
}

bool probedesc_is_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

bool probedesc_match_provider(const char *pattern, const char *prov, pid_t pid)
{
	if (*pattern == '\0' || probedesc_glob(pattern, prov, false))
		return true;
	if (pid <= 0)
		return false;
	char num[16];
	snprintf(num, sizeof(num), "%d", (int)pid);
	size_t pl = strlen(prov), nl = strlen(num), tl = strlen(pattern);
	if (!probedesc_is_glob(pattern)) {
		/* "python123" or "python$123": the provider name, an optional '$', then the pid. */
		if (tl < pl + nl || strncmp(pattern, prov, pl) != 0 ||
		    strcmp(pattern + tl - nl, num) != 0)
			return false;
		size_t mid = tl - nl - pl;
		return mid == 0 || (mid == 1 && pattern[pl] == '$');
	}
	char *full = xasprintf("%s%s", prov, num);
	bool r = probedesc_glob(pattern, full, false);
	free(full);
	return r;
}

bool probedesc_match(const struct probedesc *d, const char *prov, pid_t pid, const char *mod,
		     const char *func, const char *name)
{
	return probedesc_match_provider(d->prov, prov, pid) &&
	       (!*d->mod || probedesc_glob(d->mod, mod ? mod : "", false)) &&
	       (!*d->func || probedesc_glob(d->func, func ? func : "", false)) &&
	       (!*d->name || probedesc_glob(d->name, name ? name : "", true));
}

char *probedesc_display_name(const char *name)
{
	struct strbuf b = {0};
	for (const char *p = name; *p; p++) {
		if (p[0] == '_' && p[1] == '_') {
			strbuf_putc(&b, '-');
			p++;
		} else {
			strbuf_putc(&b, *p);
		}
	}
	return strbuf_take(&b);
}

/* ---- parsing ---- */

int probedesc_parse(const char *text, int which, struct probedesc *out, struct derr *err)
{
	/* The rightmost field the option names; fields fill leftwards from it. */
	int last;
	switch (which) {
	case 'P': last = 0; break;
	case 'm': last = 1; break;
	case 'f': last = 2; break;
	case 'n': last = 3; break;
	default:
		return derr_set(err, D_PDESC_INVAL, "invalid probe description kind '%c'", which);
	}
	char *field[4] = {NULL, NULL, NULL, NULL};
	const char *end = text + strlen(text);
	int k = last;
	for (;;) {
		const char *colon = end;
		while (colon > text && colon[-1] != ':')
			colon--;
		if (k < 0) {
			for (int i = 0; i < 4; i++)
				free(field[i]);
			return derr_set(err, D_PDESC_INVAL,
					"invalid probe description \"%s\": Overspecified probe description",
					text);
		}
		field[k--] = xstrndup(colon, (size_t)(end - colon));
		/* A colon at the very start ends the description with no empty field before it,
		 * as in dtrace: "-f ::read:" is provider "", module read, function "". */
		if (colon == text || colon - 1 == text)
			break;
		end = colon - 1;
	}
	for (int i = 0; i < 4; i++) {
		if (!field[i])
			field[i] = xstrdup("");
	}
	out->prov = field[0];
	out->mod = field[1];
	out->func = field[2];
	out->name = field[3];
	return 0;
}

void probedesc_free(struct probedesc *d)
{
	if (!d)
		return;
	free(d->prov);
	free(d->mod);
	free(d->func);
	free(d->name);
	d->prov = d->mod = d->func = d->name = NULL;
}
