/* prov_cmd.c — `usdtrace -h` and `usdtrace -G`: compile the -s scripts and descriptions as the
 * D program tracing compiles (trace_cmd_compile: one parser and checker, one set of messages;
 * a provider file may hold clauses, inlines, translators too), check what dtrace does not
 * but a header or object needs (two probes sharing a generated name; each argument mapping
 * has its translators, dtrace's D_PROV_PRXLATOR), and write the header or the object(s) of
 * the program's providers, named as dtrace(8) names them. Outputs are written to a temporary
 * file in the destination directory and renamed into place, so a failure never leaves a
 * partial or stale-looking output behind. */
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
#include "dparse.h"
#include "prov_dof.h"
#include "prov_header.h"
#include "prov_object.h"
#include "util.h"

/* The name a program's text gives its output as dtrace(8) derives it: a text ending in ".d"
 * ("dir/probes.d") gives "probes" + ext, in the current directory; any other NULL. */
static char *derived_output(const char *text, const char *ext)
{
	const char *dot = strrchr(text, '.');
	if (!dot || strcmp(dot, ".d") != 0)
		return NULL;
	const char *base = text;
	for (const char *s = text; s < dot; s++)
		if (*s == '/')
			base = s + 1;
	return xasprintf("%.*s%s", (int)(dot - base), base, ext);
}

/* The object -G writes for program i (dtrace's link_prog): -o when there is one program; else
 * the name its text derives; else "d.out", or "d.out.I" among several programs. */
static char *object_output(const struct opts *o, int i)
{
	if (o->nprogs == 1 && o->output)
		return xstrdup(o->output);
	char *name = derived_output(o->progs[i].text, ".o");
	if (name)
		return name;
	return o->nprogs > 1 ? xasprintf("d.out.%d", i) : xstrdup("d.out");
}

/* How dtrace names program i in a link error: "script probes" for -s probes.d (the ".d"
 * dropped), "description BEGIN" for a description. */
static char *program_name(const struct opts *o, int i)
{
	const char *t = o->progs[i].text;
	if (o->progs[i].kind != 's')
		return xasprintf("description %s", t);
	size_t n = strlen(t);
	const char *dot = strrchr(t, '.');
	if (dot && strcmp(dot, ".d") == 0)
		n = (size_t)(dot - t);
	return xasprintf("script %.*s", (int)n, t);
}

/* An error about the provider file `file` as dtrace reports a script's: "failed to compile
 * script FILE: line N: MSG" (the tag under -x errtags). */
static void script_error(const char *file, const struct derr *e, bool errtags)
{
	char text[DERR_TEXT_MAX];
	util_warn("failed to compile script %s: %s", file, derr_format(e, errtags, text, sizeof(text)));
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

static int check_names(const struct dprog *g, bool errtags)
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
		derr_set_line(&e, DTAG_NONE, b->pr->pos.line, "probe '%s' of provider '%s' and probe "
			      "'%s' of provider '%s' would share the %s '%s'", b->pr->name, b->pv->name,
			      a->pr->name, a->pv->name, b->what, b->name);
		script_error(b->pr->pos.file, &e, errtags);
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
static int check_mappings(const struct dprog *g, const struct dck_prog *ck, bool errtags)
{
	struct derr err;
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

/* Write -h's header to `out`. */
static int write_header(const struct opts *o, const struct dprog *g, const char *out)
{
	struct derr err;
	char text[DERR_TEXT_MAX];
	const char *first = o->progs[0].text;
	char *header = o->dopts.dof ? prov_header_text_dof(g, out, first)
				    : prov_header_text(g, out, first, &err);
	if (!header) {
		util_warn("%s", derr_format(&err, o->dopts.errtags, text, sizeof(text)));
		return -1;
	}
	struct outfile of;
	int r = -1;
	if (out_open(&of, out) == 0) {
		bool ok = write_all(of.fd, header, strlen(header)) == 0;
		if (!ok)
			util_warn("failed to write %s: %s", out, strerror(errno));
		r = out_close(&of, ok);
	}
	free(header);
	return r;
}

/* Write -G's object to `out`, for the program named `name` (in a link error). */
static int write_object(const struct opts *o, const struct dprog *g, const char *out,
			const char *name, uint16_t machine)
{
	struct derr err;
	char text[DERR_TEXT_MAX];
	struct outfile of;
	if (out_open(&of, out) != 0)
		return -1;
	const char *first = o->progs[0].text;
	bool ok = (o->dopts.dof ? prov_dof_write(g, o->args, o->nargs, of.fd, first, &err)
				: prov_object_write(g, of.fd, machine, first, &err)) == 0;
	if (!ok)
		util_warn("failed to link %s: %s", name,
			  derr_format(&err, o->dopts.errtags, text, sizeof(text)));
	return out_close(&of, ok);
}

int prov_cmd_run(const struct opts *o)
{
	const char *what = o->header ? "-h" : "-G";
	if (o->nprogs == 0) {
		util_warn("%s requires one or more scripts or enabling options", what);
		return 2;
	}
	if (o->ilp32 && o->object) {
		/* the probe objects and DOF made here are x86-64's: linked into a 32-bit program
		 * they would be wrong, so say so rather than make them */
		util_warn("-G -32: 32-bit probe objects cannot be made; compile the program for "
			  "x86-64 (-64)");
		return 1;
	}
	/* The program is compiled as tracing compiles it: -h and -G imply -Z (a clause may name
	 * probes this system lacks), and -G's operands are the objects to link, not macro
	 * arguments. Nothing is enabled. */
	struct opts c = *o;
	c.compile_only = true;
	c.dopts.zdefs = true;
	c.output = NULL; /* -o names the header or object written below, not tracing's output */
	if (o->object)
		c.nargs = 0;
	struct dprog *g;
	struct dck_prog *ck;
	int status = trace_cmd_compile(&c, &g, &ck);
	if (status != 0)
		return status;
	/* the libraries' providers (the tracer's io ...) are not the program's */
	dprog_drop_library_providers(g);
	const char *first = o->progs[0].text;
	status = 1;
	if (check_names(g, o->dopts.errtags) != 0 || check_mappings(g, ck, o->dopts.errtags) != 0)
		goto done;
	if (o->header) {
		char *defout = NULL;
		const char *out = o->output;
		if (!out && o->nprogs > 1) {
			util_warn("-h requires an output file if multiple scripts are specified");
			status = 2;
			goto done;
		}
		if (!out && !(out = defout = derived_output(first, ".h"))) {
			util_warn("-h requires an output file if no scripts are specified");
			status = 2;
			goto done;
		}
		status = write_header(o, g, out) == 0 ? 0 : 1;
		free(defout);
		goto done;
	}
	uint16_t machine = EM_X86_64;
	struct derr err;
	char text[DERR_TEXT_MAX];
	for (int i = 0; i < o->nargs && status == 1; i++) {
		uint16_t m;
		char *name = program_name(o, 0);
		if (prov_object_check_input(o->args[i], &m, &err) != 0) {
			util_warn("failed to link %s: %s", name,
				  derr_format(&err, o->dopts.errtags, text, sizeof(text)));
			status = -1;
		} else if (i > 0 && m != machine) {
			util_warn("failed to link %s: %s: machine %u differs from %s's (%u)", name,
				  o->args[i], m, o->args[0], machine);
			status = -1;
		}
		free(name);
		machine = m;
	}
	if (status == -1) {
		status = 1;
		goto done;
	}
	/* Each program's object holds every provider of the compilation, as dtrace's do. With -o
	 * and several programs dtrace links those objects into -o (and fails: each defines
	 * __SUNW_dof); the one object written to -o is what that link means. */
	int nout = o->output ? 1 : o->nprogs;
	status = 0;
	for (int i = 0; i < nout && status == 0; i++) {
		char *out = o->output ? xstrdup(o->output) : object_output(o, i);
		char *name = program_name(o, i);
		if (write_object(o, g, out, name, machine) != 0)
			status = 1;
		free(name);
		free(out);
	}
done:
	dck_prog_free(ck);
	dprog_free(g);
	return status;
}
