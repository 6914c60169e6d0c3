/* dlib.c — see dlib.h. The dependencies are read from the libraries' text before any is
 * parsed, so that the order can be settled (and a missing library reported) first. */
#include "dlib.h"

#include <stdarg.h>

#include <dirent.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcat.h"
#include "probedesc.h"
#include "util.h"

struct words {
	char **v;
	size_t n, cap;
};

struct lib {
	char *path;
	char *text;
	size_t len;
	char **deps;    /* paths of the libraries it depends on */
	int ndeps;
	int state;      /* 0 not loaded, 1 loading (on the current path), 2 loaded, 3 left out */
	bool wanted;    /* to be loaded (all of them, unless dlib_load_for chose) */
	bool formulas;  /* defines a formula provider (a provider block with a `probe ... =`) */
};

struct libset {
	struct lib *libs;
	int n;
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* `#pragma D depends_on library NAME` lines: NAME is a file of the library's directory. */
static void read_deps(struct lib *l, const char *dir)
{
	for (const char *p = l->text; p && *p;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *line = xstrndup(p, n);
		char name[256];
		if (sscanf(line, " # pragma D depends_on library %255s", name) == 1) {
			l->deps = xrealloc(l->deps, sizeof(*l->deps) * (size_t)(l->ndeps + 1));
			l->deps[l->ndeps++] = xasprintf("%s/%s", dir, name);
		}
		free(line);
		p = eol ? eol + 1 : NULL;
	}
}

static void add_dir(struct libset *s, const char *dir)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	char **names = NULL;
	int n = 0;
	for (struct dirent *e; (e = readdir(d)) != NULL;) {
		size_t len = strlen(e->d_name);
		if (len < 3 || strcmp(e->d_name + len - 2, ".d") != 0)
			continue;
		names = xrealloc(names, sizeof(*names) * (size_t)(n + 1));
		names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(*names), name_cmp);
	for (int i = 0; i < n; i++) {
		struct lib l = { .path = xasprintf("%s/%s", dir, names[i]), .wanted = true };
		l.text = util_read_file(l.path, &l.len);
		free(names[i]);
		if (!l.text) {
			free(l.path);
			continue;
		}
		read_deps(&l, dir);
		s->libs = xrealloc(s->libs, sizeof(*s->libs) * (size_t)(s->n + 1));
		s->libs[s->n++] = l;
	}
	free(names);
}

static struct lib *find(struct libset *s, const char *path)
{
	for (int i = 0; i < s->n; i++)
		if (strcmp(s->libs[i].path, path) == 0)
			return &s->libs[i];
	return NULL;
}

static int count_clauses(const struct dprog *g)
{
	int n = 0;
	for (const struct dnode *it = g->items; it; it = it->next)
		n += it->kind == DN_CLAUSE;
	return n;
}

bool dlib_depends_met(const struct dprog *g, const char *cls, const char *name)
{
	if (strcmp(cls, "provider") == 0)
		return pcat_builtin_provider(name) || strcmp(name, "usdt") == 0 ||
		       strcmp(name, "pid") == 0 || dprog_find_provider(g, name) != NULL;
	/* a module: a plain name (the text is the library's, not to be trusted as a path) */
	if (!*name || strchr(name, '/') || strcmp(name, ".") == 0 || strcmp(name, "..") == 0)
		return false;
	char path[PATH_MAX];
	snprintf(path, sizeof(path), "/sys/kernel/btf/%s", name);
	return access(path, R_OK) == 0;
}

/* Whether a `#pragma D depends_on provider|module` line of l is not met now (what the
 * libraries loaded before declare counts): l is then left out. */
static bool unmet_dependency(const struct dprog *g, const struct lib *l)
{
	bool unmet = false;
	for (const char *p = l->text; p && *p && !unmet;) {
		const char *eol = strchr(p, '\n');
		size_t n = eol ? (size_t)(eol - p) : strlen(p);
		char *line = xstrndup(p, n);
		char cls[16], name[256];
		if (sscanf(line, " # pragma D depends_on %15s %255s", cls, name) == 2 &&
		    (strcmp(cls, "provider") == 0 || strcmp(cls, "module") == 0))
			unmet = !dlib_depends_met(g, cls, name);
		free(line);
		p = eol ? eol + 1 : NULL;
	}
	return unmet;
}

/* An error of no place in a library's text (its dependencies): *err, kind DERR_LIBRARY. */
static int lib_error(struct derr *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int lib_error(struct derr *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(err, DTAG_NONE, fmt, ap);
	va_end(ap);
	return derr_set_kind(err, DERR_LIBRARY);
}

/* Load l after what it depends on; from: the library that needs it (NULL: none). A cycle is
 * reported as dtrace reports it, the library met again and the one depending on it. */
static int load(struct dprog *g, struct libset *s, struct lib *l, const struct lib *from,
		struct derr *err)
{
	if (l->state == 2 || l->state == 3)
		return 0;
	if (l->state == 1)
		return lib_error(err, "Cyclic dependency detected: %s => %s", l->path,
				 from ? from->path : l->path);
	l->state = 1;
	for (int i = 0; i < l->ndeps; i++) {
		struct lib *dep = find(s, l->deps[i]);
		if (!dep)
			return lib_error(err, "Invalid library dependency in %s: %s", l->path, l->deps[i]);
		if (load(g, s, dep, l, err) != 0)
			return -1;
		if (dep->state == 3) {  /* "requires library ... which failed to load": out too */
			l->state = 3;
			return 0;
		}
	}
	if (unmet_dependency(g, l)) {
		l->state = 3;
		return 0;
	}
	int clauses = count_clauses(g);
	if (dparse_script(g, l->path, l->text, l->len, err) != 0) {
		if (err)
			derr_locate(err, err->at, l->path, err->line, err->col);
		return derr_set_kind(err, DERR_LIBRARY);
	}
	if (count_clauses(g) != clauses) {
		/* usdtrace's own refusal (dtrace compiles such a clause and never enables it) */
		return lib_error(err, "%s: a library may not hold probe clauses", l->path);
	}
	l->state = 2;
	return 0;
}

const char *dlib_error_text(const struct derr *e, bool errtags, char *buf, size_t len)
{
	struct derr d = *e;
	/* a line of the library: named with its file, as a line of a file cpp included */
	if (d.at == DERR_AT_LINE)
		d.at = DERR_AT_FILETAG;
	return derr_format(&d, errtags, buf, len);
}

void dlib_report(const struct derr *e, bool errtags, char first_kind, const char *first_text)
{
	char text[DERR_TEXT_MAX];
	dlib_error_text(e, errtags, text, sizeof(text));
	if (!first_text)
		util_warn("%s", text);
	else if (first_kind == 's')
		util_warn("failed to compile script %s: %s", first_text, text);
	else
		util_warn("invalid probe specifier %s: %s", first_text, text);
}

/* ---- which system libraries a program needs ---- */

/* The identifiers of a text, comments and string/character literals skipped. Each word is
 * passed to fn with the text that follows it, blanks skipped, and the word before it. */
static void scan_words(const char *t, size_t len,
		       void (*fn)(void *arg, const char *w, size_t n, const char *after,
				  const char *prev, size_t prevn),
		       void *arg)
{
	const char *end = t + len, *prev = NULL;
	size_t prevn = 0;
	for (const char *p = t; p < end;) {
		if (p + 1 < end && p[0] == '/' && p[1] == '*') {
			const char *q = strstr(p + 2, "*/");
			p = q ? q + 2 : end;
		} else if (p + 1 < end && p[0] == '/' && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char qc = *p++;
			while (p < end && *p != qc)
				p += (*p == '\\' && p + 1 < end) ? 2 : 1;
			p++;
		} else if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
			const char *w = p;
			while (p < end && (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
					   (*p >= '0' && *p <= '9')))
				p++;
			const char *a = p;
			while (a < end && (*a == ' ' || *a == '\t' || *a == '\n' || *a == '\r'))
				a++;
			fn(arg, w, (size_t)(p - w), a < end ? a : "", prev, prevn);
			prev = w;
			prevn = (size_t)(p - w);
		} else {
			p++;
		}
	}
}

static void words_add(struct words *ws, const char *w, size_t n)
{
	xgrow(&ws->v, sizeof(*ws->v), &ws->cap, ws->n + 1);
	ws->v[ws->n++] = xstrndup(w, n);
}

static void add_any(void *arg, const char *w, size_t n, const char *after, const char *prev,
		    size_t prevn)
{
	(void)after, (void)prev, (void)prevn;
	words_add(arg, w, n);
}

/* What a library declares, roughly: a word that a declaration ends or names — before `;`, `=`
 * (not `==`), `[`, `,`, `:`, `{` or `}`, or after struct/union/enum. Inline and typedef names,
 * tags, members, enumerators, and some words of expressions besides (harmless: a library
 * is loaded once too often, never once too few). */
/* A word in a type's place: before `*` or before another word (`conninfo_t *rx`,
 * `sockaddrinfo_t sa`). */
static void add_typeish(void *arg, const char *w, size_t n, const char *after, const char *prev,
			size_t prevn)
{
	(void)prev, (void)prevn;
	char c = *after;
	if (c == '*' || c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		words_add(arg, w, n);
}

static void add_declared(void *arg, const char *w, size_t n, const char *after, const char *prev,
			 size_t prevn)
{
	bool tag = prev && ((prevn == 6 && (!strncmp(prev, "struct", 6))) ||
			    (prevn == 5 && !strncmp(prev, "union", 5)) || (prevn == 4 && !strncmp(prev, "enum", 4)));
	char c = *after;
	if (tag || c == ';' || (c == '=' && after[1] != '=') || c == '[' || c == ',' ||
	    (c == ':' && after[1] != ':') || c == '{' || c == '}')
		words_add(arg, w, n);
}

static int word_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool words_has(const struct words *ws, const char *w)
{
	return ws->n && bsearch(&w, ws->v, ws->n, sizeof(*ws->v), word_cmp) != NULL;
}

static void words_free(struct words *ws)
{
	for (size_t i = 0; i < ws->n; i++)
		free(ws->v[i]);
	free(ws->v);
}

/* A copy of a library's text in which the bodies of its provider blocks (`provider NAME {
 * ... }`) are blanks, and whether one of them defines a formula (an `=` that is not part of
 * `==`, `!=`, `<=`, `>=`). What a library declares is read from the copy: a formula's
 * expressions name kernel members and other providers' probes (`skb->data`, `rawtp:block`),
 * which are not declarations, and counting them made a program that uses such a word load
 * the formula library and everything its words name. */
static char *without_provider_bodies(const char *t, size_t len, bool *formulas)
{
	char *o = xstrndup(t, len);
	*formulas = false;
	for (size_t i = 0; i < len;) {
		if (i + 1 < len && t[i] == '/' && t[i + 1] == '*') {
			const char *q = strstr(t + i + 2, "*/");
			i = q ? (size_t)(q - t) + 2 : len;
			continue;
		}
		if (i + 1 < len && t[i] == '/' && t[i + 1] == '/') {
			while (i < len && t[i] != '\n')
				i++;
			continue;
		}
		bool word_start = i == 0 || !(t[i - 1] == '_' || (t[i - 1] >= 'a' && t[i - 1] <= 'z') ||
					      (t[i - 1] >= 'A' && t[i - 1] <= 'Z') ||
					      (t[i - 1] >= '0' && t[i - 1] <= '9'));
		if (!word_start || len - i < 9 || strncmp(t + i, "provider", 8) != 0 ||
		    !(t[i + 8] == ' ' || t[i + 8] == '\t' || t[i + 8] == '\n')) {
			i++;
			continue;
		}
		size_t b = i + 8;
		while (b < len && t[b] != '{' && t[b] != ';')
			b++;
		if (b >= len || t[b] != '{') {
			i = b;
			continue;
		}
		int depth = 0;
		size_t e = b;
		for (; e < len; e++) {
			if (e + 1 < len && t[e] == '/' && t[e + 1] == '*') {
				const char *q = strstr(t + e + 2, "*/");
				size_t end = q ? (size_t)(q - t) + 2 : len;
				memset(o + e, ' ', end - e);
				e = end - 1;
				continue;
			}
			if (t[e] == '{')
				depth++;
			else if (t[e] == '}' && --depth == 0)
				break;
			else if (t[e] == '=' && depth == 1 && (e + 1 >= len || t[e + 1] != '=') && !strchr("=!<>", t[e - 1]))
				*formulas = true;
			if (e > b && t[e] != '\n')
				o[e] = ' ';
		}
		i = e < len ? e + 1 : len;
	}
	return o;
}

/* ---- formula libraries a description names without naming the provider ---- */

/* The names a formula library gives: after `provider` its providers', after `probe` its
 * probes' (as declared, `__` where a description writes `-`). */
struct fnames {
	struct words provs, probes;
};

static void add_formula_name(void *arg, const char *w, size_t n, const char *after,
			     const char *prev, size_t prevn)
{
	(void)after;
	struct fnames *f = arg;
	if (prev && prevn == 8 && strncmp(prev, "provider", 8) == 0)
		words_add(&f->provs, w, n);
	else if (prev && prevn == 5 && strncmp(prev, "probe", 5) == 0)
		words_add(&f->probes, w, n);
}

/* A description's field: empty matches anything. */
static bool field_matches(const char *pattern, const char *s)
{
	return !*pattern || probedesc_glob(pattern, s, true);
}

/* Whether description d may select a probe of the formula library named f: one of its
 * providers (`:::start`, `*:::start`, `-m vmlinux` as well as `io:::start`), the module
 * vmlinux, no function, one of its probes. */
static bool desc_names_formula(const struct probedesc *d, const struct fnames *f)
{
	bool prov = false, probe = !*d->name;
	for (size_t i = 0; i < f->provs.n && !prov; i++)
		prov = field_matches(d->prov, f->provs.v[i]);
	for (size_t i = 0; i < f->probes.n && !probe; i++)
		probe = probedesc_glob(d->name, f->probes.v[i], true);
	return prov && probe && field_matches(d->mod, "vmlinux") && field_matches(d->func, "");
}

static bool desc_char(char c)
{
	return c == '_' || c == ':' || c == '*' || c == '?' || c == '[' || c == ']' || c == '!' ||
	       c == '\\' || c == '-' || c == '$' || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Whether text (of kind 's' a script, 'n' a -n argument, 'P' 'm' 'f' that option's
 * description) may hold a description of a probe of the formula library named f. A -n or
 * script text is not parsed (the libraries come first): every run of description characters
 * outside braces, comments and strings is taken for a description, so a predicate's or
 * declaration's word may load a library once too often, never once too few. */
static bool text_names_formula(const char *t, char kind, const struct fnames *f)
{
	struct probedesc d;
	struct derr e;
	if (kind == 'P' || kind == 'm' || kind == 'f') {
		if (probedesc_parse(t, kind, &d, &e) != 0)
			return false;
		bool r = desc_names_formula(&d, f);
		probedesc_free(&d);
		return r;
	}
	if (kind != 's' && kind != 'n')
		return false;
	int depth = 0;
	for (const char *p = t; *p;) {
		if (p[0] == '/' && p[1] == '*') {
			const char *q = strstr(p + 2, "*/");
			p = q ? q + 2 : p + strlen(p);
		} else if (p[0] == '/' && p[1] == '/') {
			while (*p && *p != '\n')
				p++;
		} else if (*p == '"' || *p == '\'') {
			char qc = *p++;
			while (*p && *p != qc)
				p += (*p == '\\' && p[1]) ? 2 : 1;
			if (*p)
				p++;
		} else if (*p == '{' || *p == '}') {
			depth += *p++ == '{' ? 1 : (depth > 0 ? -1 : 0);
		} else if (depth == 0 && desc_char(*p)) {
			const char *w = p;
			while (desc_char(*p))
				p++;
			char *tok = xstrndup(w, (size_t)(p - w));
			bool r = probedesc_parse(tok, 'n', &d, &e) == 0;
			free(tok);
			if (r) {
				r = desc_names_formula(&d, f);
				probedesc_free(&d);
			}
			if (r)
				return true;
		} else {
			p++;
		}
	}
	return false;
}

/* Marks the libraries of s that the texts need: one declaring a word the texts use, then,
 * over again, one declaring a word a needed library uses (libraries may use each other's
 * names without a depends_on). The provider blocks of a library declare their provider's
 * name only (a program naming tcp:::send needs the library of provider tcp). types_only
 * (a provider file, which has no clauses): a library defining formula providers is never
 * needed, as -h/-G leave formula providers out (dprog_drop_formula_providers). */
static void choose(struct libset *s, const char *const *texts, const char *kinds, int ntexts,
		   bool types_only)
{
	struct words used = { 0 };
	for (int i = 0; i < ntexts; i++)
		scan_words(texts[i], strlen(texts[i]), types_only ? add_typeish : add_any, &used);
	struct words *decl = xcalloc((size_t)s->n + 1, sizeof(*decl));
	for (int i = 0; i < s->n; i++) {
		struct lib *l = &s->libs[i];
		l->wanted = false;
		char *d = without_provider_bodies(l->text, l->len, &l->formulas);
		if (!(types_only && l->formulas))
			scan_words(d, l->len, add_declared, &decl[i]);
		free(d);
		if (l->formulas && !types_only && kinds) {
			/* `:::start` names io:::start as `io:::start` does, though not by a word
			 * the library declares */
			struct fnames f = { 0 };
			scan_words(l->text, l->len, add_formula_name, &f);
			for (int k = 0; k < ntexts && !l->wanted; k++)
				l->wanted = text_names_formula(texts[k], kinds[k], &f);
			words_free(&f.provs);
			words_free(&f.probes);
		}
	}
	for (bool grew = true; grew;) {
		grew = false;
		if (used.n)
			qsort(used.v, used.n, sizeof(*used.v), word_cmp);
		for (int i = 0; i < s->n; i++) {
			struct lib *l = &s->libs[i];
			for (size_t k = 0; !l->wanted && k < decl[i].n; k++)
				l->wanted = words_has(&used, decl[i].v[k]);
			if (l->wanted && l->state == 0) {
				l->state = -1;  /* its words counted */
				scan_words(l->text, l->len, add_any, &used);
				grew = true;
			}
		}
	}
	for (int i = 0; i < s->n; i++) {
		if (s->libs[i].state == -1)
			s->libs[i].state = 0;
		words_free(&decl[i]);
	}
	free(decl);
	words_free(&used);
}

/* Loads the wanted libraries of s (and what they depend on). */
static int load_set(struct dprog *g, struct libset *s, struct derr *err)
{
	int rc = 0;
	bool was = g->library;
	g->library = true;
	for (int i = 0; i < s->n && rc == 0; i++)
		if (s->libs[i].wanted)
			rc = load(g, s, &s->libs[i], NULL, err);
	g->library = was;
	g->nlib_items = 0;
	for (const struct dnode *it = g->items; it; it = it->next)
		g->nlib_items++;
	for (int i = 0; i < s->n; i++) {
		for (int k = 0; k < s->libs[i].ndeps; k++)
			free(s->libs[i].deps[k]);
		free(s->libs[i].deps);
		free(s->libs[i].path);
		free(s->libs[i].text);
	}
	free(s->libs);
	return rc;
}



#ifndef USDTRACE_LIBDIR
#define USDTRACE_LIBDIR "/usr/local/lib/usdtrace"
#endif

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

char *dlib_system_dir(const char *syslibdir)
{
	if (syslibdir)
		return xstrdup(syslibdir);
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			char *dir = xasprintf("%s/../lib/usdtrace", exe);
			if (is_dir(dir))
				return dir;
			free(dir);
		}
	}
	return xstrdup(USDTRACE_LIBDIR);
}

int dlib_load_all(struct dprog *g, const char *syslibdir, const char *const *dirs, int ndirs,
		  bool nolibs, const char *const *texts, const char *kinds, int ntexts,
		  bool types_only, struct derr *err)
{
	if (nolibs)
		return 0;
	struct libset s = { 0 };
	char *sys = dlib_system_dir(syslibdir);
	add_dir(&s, sys);
	free(sys);
	if (texts)
		choose(&s, texts, kinds, ntexts, types_only);
	for (int i = 0; i < ndirs; i++)
		add_dir(&s, dirs[i]);
	return load_set(g, &s, err);
}
