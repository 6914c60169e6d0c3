/* prov_cmd.c — `usdtrace -h` and `usdtrace -G`: read the provider file(s) (through cpp with
 * -C), parse, check each argument mapping has its translators (dtrace's D_PROV_PRXLATOR), and
 * write the header or the object. Outputs are written to a temporary file in
 * the destination directory and renamed into place, so a failure never leaves a partial or
 * stale-looking output behind. Several -s files are read as one source, in order. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <elf.h>

#include "commands.h"
#include "dcheck.h"
#include "dcpp.h"
#include "dlib.h"
#include "dparse.h"
#include "prov_dof.h"
#include "prov_header.h"
#include "prov_object.h"
#include "util.h"

/* "dir/probes.d" -> "probes.h" (in the current directory, as dtrace does). */
static char *default_output(const char *script, const char *ext)
{
	const char *base = strrchr(script, '/');
	base = base ? base + 1 : script;
	size_t n = strlen(base);
	if (n > 2 && strcmp(base + n - 2, ".d") == 0)
		n -= 2;
	return xasprintf("%.*s%s", (int)n, base, ext);
}

/* An error about provider file `file` as dtrace reports it: "failed to compile script FILE:
 * MSG", the tag under -x errtags; one in a D library has for MSG the library's report
 * (dlib.h); one about no text (DERR_ALONE) is printed as it stands. */
static void script_error(const char *file, const struct derr *e, bool errtags)
{
	char text[DERR_TEXT_MAX];
	if (e->kind == DERR_LIBRARY)
		dlib_error_text(e, errtags, text, sizeof(text));
	else
		derr_format(e, errtags, text, sizeof(text));
	if (e->kind == DERR_ALONE)
		util_warn("%s", text);
	else
		util_warn("failed to compile script %s: %s", file, text);
}

/* An error in the declarations of a provider file, as a C compiler words it, on a line of its
 * own: "file:line:col: message" (no program name, no tag). */
static void decl_error(const struct derr *e)
{
	char text[DERR_TEXT_MAX];
	fprintf(stderr, "%s\n", derr_format(e, false, text, sizeof(text)));
}

/* The text of every script, each introduced by a line marker naming it. */
static char *read_sources(const struct opts *o, size_t *lenp)
{
	struct strbuf all = {0};
	struct derr err;
	for (int i = 0; i < o->nscripts; i++) {
		const char *f = o->scripts[i];
		size_t n;
		char *text;
		if (o->cpp) {
			text = dcpp_run(f, o->cpppath, o->cppargs, o->ncppargs, o->dopts.version, &n, &err);
			if (!text) {
				script_error(f, &err, o->dopts.errtags);
				strbuf_free(&all);
				return NULL;
			}
		} else {
			text = util_read_file(f, &n);
			if (!text) {
				util_warn("failed to open %s: %s", f, strerror(errno));
				strbuf_free(&all);
				return NULL;
			}
		}
		if (o->nscripts > 1 || i > 0) {
			/* A marker re-bases positions; quotes and backslashes in the name are escaped. */
			strbuf_puts(&all, "# 1 \"");
			for (const char *s = f; *s; s++) {
				if (*s == '"' || *s == '\\')
					strbuf_putc(&all, '\\');
				strbuf_putc(&all, *s);
			}
			strbuf_puts(&all, "\"\n");
		}
		strbuf_add(&all, text, n);
		if (n && text[n - 1] != '\n')
			strbuf_putc(&all, '\n');
		free(text);
	}
	*lenp = all.len;
	return strbuf_take(&all);
}

/* Two probes whose semaphore (or macro) names collide would silently share one: names are
 * sorted so that large generated files (thousands of probes) stay fast. */
struct genname {
	char *name;
	const char *what;     /* "semaphore symbol" / "header macro" */
	const struct dprovider *pv;
	const struct dprobe *pr;
	int order;            /* declaration order, to name the later probe */
};

static int genname_cmp(const void *a, const void *b)
{
	const struct genname *x = a, *y = b;
	int c = strcmp(y->what, x->what);  /* semaphore clashes are reported first */
	if (c == 0)
		c = strcmp(x->name, y->name);
	return c ? c : x->order - y->order;
}

static int check_names(const struct dprog *g)
{
	size_t n = 0, cap = 0;
	struct genname *v = NULL;
	int order = 0;
	for (int i = 0; i < g->nprovs; i++)
		for (int j = 0; j < g->provs[i].nprobes; j++, order++) {
			const struct dprovider *pv = &g->provs[i];
			const struct dprobe *pr = &pv->probes[j];
			xgrow(&v, sizeof(*v), &cap, n + 2);
			v[n++] = (struct genname){ prov_semaphore_name(pv->name, pr->name), "semaphore symbol", pv, pr, order };
			v[n++] = (struct genname){ prov_macro_name(pv->name, pr->name), "header macro", pv, pr, order };
		}
	if (n)
		qsort(v, n, sizeof(*v), genname_cmp);
	int ret = 0;
	for (size_t i = 1; i < n && ret == 0; i++) {
		if (strcmp(v[i - 1].name, v[i].name) != 0)
			continue;
		const struct genname *a = &v[i - 1], *b = &v[i];
		struct derr e;
		derr_set(&e, DTAG_NONE, "probe '%s' of provider '%s' and probe '%s' of provider '%s' "
			 "would share the %s '%s'", b->pr->name, b->pv->name, a->pr->name, a->pv->name,
			 b->what, b->name);
		derr_locate(&e, DERR_AT_FILE, b->pr->pos.file, b->pr->pos.line, b->pr->pos.col);
		decl_error(&e);
		ret = -1;
	}
	for (size_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
	return ret;
}

/* dtrace's check of a provider file's argument mappings: each translated argument whose type
 * differs from its native argument's needs a translator between them (dtrace's fuzzy lookup)
 * among the D libraries' and the file's own, unless the native value may simply be passed as
 * the translated type (dt_node_is_argcompat). Otherwise the tracer could never give args[N]. */
static int check_mappings(struct dprog *g, bool errtags)
{
	struct derr err;
	struct dck_prog *ck = NULL;
	if (dcheck_program(g, NULL, &ck, &err) != 0) {
		script_error(g->provs && g->nprovs ? g->provs[0].pos.file : "", &err, errtags);
		return -1;
	}
	int ret = 0;
	for (int i = 0; i < g->nprovs && ret == 0; i++) {
		const struct dprovider *pv = &g->provs[i];
		for (int j = 0; j < pv->nprobes && ret == 0; j++) {
			const struct dprobe *pr = &pv->probes[j];
			for (int k = 0; pr->xargs && k < pr->nxargs; k++) {
				struct dtype *nt = pr->args[pr->map[k]].type, *xt = pr->xargs[k].type;
				if (dck_xlator_lookup(ck, nt, xt) || dck_argcompat(nt, xt))
					continue;
				char *ns = dtype_spell(nt, NULL, false), *xs = dtype_spell(xt, NULL, false);
				derr_set_line(&err, D_PROV_PRXLATOR, pr->pos.line, "translator for %s:%s "
					      "output argument #%d from %s to %s is not defined", pv->name,
					      pr->name, k + 1, ns, xs);
				script_error(pr->pos.file, &err, errtags);
				free(ns);
				free(xs);
				ret = -1;
				break;
			}
		}
	}
	dck_prog_free(ck);
	return ret;
}

/* Where the output goes: a temporary file next to `path`, renamed over it at the end; or
 * `path` itself when it exists and is not a plain regular file — a symbolic link such as
 * /dev/stdout, a device, a FIFO — which rename would replace instead of writing through. */
struct outfile {
	const char *path;
	char *tmp;
	int fd;
};

static int out_open(struct outfile *of, const char *path)
{
	struct stat st;
	of->path = path;
	of->tmp = NULL;
	if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		of->fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
		if (of->fd < 0) {
			util_warn("failed to open %s: %s", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	const char *slash = strrchr(path, '/');
	if (slash)
		of->tmp = xasprintf("%.*s/.%s.XXXXXX", (int)(slash - path), path, slash + 1);
	else
		of->tmp = xasprintf(".%s.XXXXXX", path);
	of->fd = mkostemp(of->tmp, O_CLOEXEC);
	if (of->fd < 0) {
		util_warn("failed to create %s: %s", path, strerror(errno));
		free(of->tmp);
		return -1;
	}
	/* mkstemp makes 0600; an output file gets the usual 0666 & ~umask. */
	mode_t um = umask(0);
	umask(um);
	if (fchmod(of->fd, 0666 & ~um) != 0) {
		util_warn("failed to set the mode of %s: %s", path, strerror(errno));
		close(of->fd);
		unlink(of->tmp);
		free(of->tmp);
		return -1;
	}
	return 0;
}

static int out_close(struct outfile *of, bool ok)
{
	int r = close(of->fd);
	if (ok && r != 0) {
		util_warn("failed to write %s: %s", of->path, strerror(errno));
		ok = false;
	}
	if (of->tmp) {
		if (ok && rename(of->tmp, of->path) != 0) {
			util_warn("failed to create %s: %s", of->path, strerror(errno));
			ok = false;
		}
		if (!ok)
			unlink(of->tmp);
		free(of->tmp);
	}
	return ok ? 0 : -1;
}

static int write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -1;
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

int prov_cmd_run(const struct opts *o)
{
	const char *what = o->header ? "-h" : "-G";
	/* dtrace's usage errors first (exit 2): nothing to compile at all; -h from enablings
	 * alone with no -o (there is no script to name the header after) */
	if (o->nscripts == 0 && o->ndescs == 0) {
		util_warn("%s requires one or more scripts or enabling options", what);
		return 2;
	}
	if (o->nscripts == 0 && o->header && !o->output) {
		util_warn("-h requires an output file if no scripts are specified");
		return 2;
	}
	/* usdtrace compiles provider definitions; a program given only as enablings defines no
	 * provider */
	if (o->nscripts == 0) {
		util_warn("%s requires a provider definition file (-s file.d)", what);
		return 2;
	}
	uint16_t machine = EM_X86_64;
	struct derr err;
	char text[DERR_TEXT_MAX];
	if (o->object) {
		for (int i = 0; i < o->nargs; i++) {
			uint16_t m;
			if (prov_object_check_input(o->args[i], &m, &err) != 0) {
				util_warn("%s", derr_format(&err, o->dopts.errtags, text, sizeof(text)));
				return 1;
			}
			if (i > 0 && m != machine) {
				util_warn("%s: machine %u differs from %s's (%u)", o->args[i], m, o->args[0], machine);
				return 1;
			}
			machine = m;
		}
	}

	size_t len;
	char *src = read_sources(o, &len);
	if (!src)
		return 1;
	/* The D libraries first, as dtrace -h/-G loads them: a mapping's translated types (and
	 * the native types the library's translators take) may come from them. Only the provider
	 * file's own declarations go into -G's declarations note. */
	struct dprog *g = dprog_new();
	const char *texts[1] = { src };
	if (dlib_load_all(g, o->syslibdir, o->libdirs, o->nlibdirs, o->dopts.nolibs, texts, 1, true,
			  &err) != 0) {
		script_error(o->scripts[0], &err, o->dopts.errtags);
		free(src);
		dprog_free(g);
		return 1;
	}
	g->decls_from = g->ndecls;
	dprog_drop_formula_providers(g);  /* the tracer's (io ...), not the file's */
	int nlibprovs = g->nprovs;
	int r;
	if (g->nlib_items == 0 && g->ndecls == 0 && g->nprovs == 0) {
		/* no library needed: the provider file alone, in a context of C's types only */
		dprog_free(g);
		r = dparse_source(o->scripts[0], src, len, &g, &err);
	} else {
		r = dparse_source_into(g, o->scripts[0], src, len, &err);
	}
	free(src);
	if (r != 0) {
		decl_error(&err);
		dprog_free(g);
		return 1;
	}
	if (nlibprovs != 0) {
		util_warn("a D library may not define providers for -h or -G");
		dprog_free(g);
		return 1;
	}
	if (check_names(g) != 0 || check_mappings(g, o->dopts.errtags) != 0) {
		dprog_free(g);
		return 1;
	}

	char *defout = NULL;
	const char *out = o->output;
	if (!out)
		out = defout = default_output(o->scripts[0], o->header ? ".h" : ".o");
	int status = 1;
	char *header = NULL;
	if (o->header) {
		header = o->dopts.dof ? prov_header_text_dof(g, out, o->scripts[0])
				      : prov_header_text(g, out, o->scripts[0], &err);
		if (!header) {
			util_warn("%s", derr_format(&err, o->dopts.errtags, text, sizeof(text)));
			goto done;
		}
	}
	struct outfile of;
	if (out_open(&of, out) != 0)
		goto done;
	bool ok;
	if (o->header) {
		ok = write_all(of.fd, header, strlen(header)) == 0;
		if (!ok)
			util_warn("failed to write %s: %s", out, strerror(errno));
	} else {
		ok = (o->dopts.dof ? prov_dof_write(g, o->args, o->nargs, of.fd, o->scripts[0], &err)
				   : prov_object_write(g, of.fd, machine, o->scripts[0], &err)) == 0;
		if (!ok)
			util_warn("%s: %s", out, derr_format(&err, o->dopts.errtags, text, sizeof(text)));
	}
	if (out_close(&of, ok) == 0)
		status = 0;
done:
	free(header);
	free(defout);
	dprog_free(g);
	return status;
}
