/* dopt.c — dtrace's option table and the parsing of option values. */
#include "dopt.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dversion.h"
#include "util.h"

#define NSEC_PER_SEC 1000000000ULL

/* libdtrace's wording (dt_error.c, and strerror(EOVERFLOW) for strsize), so a message reads
 * the same as dtrace's. */
static const char ERR_NAME[] = "Invalid option name";
static const char ERR_VALUE[] = "Invalid value for specified option";

enum dopt_kind {
	K_FLAG,  /* compile-time switch: no value */
	K_BOOL,  /* run-time switch */
	K_INT,   /* run-time integer with bounds */
	K_SIZE,  /* bytes */
	K_TIME,  /* nanoseconds */
	K_ENUM,  /* one word of a list */
	K_ENUMCI, /* one word of a list, any case */
	K_STR,   /* any value, required */
	K_NUM,   /* a plain number within bounds */
	K_IREGS, /* integer registers */
	K_VERSION, /* a D language version */
	K_LOCKMEM, /* "unlimited" or a size */
	K_ANY,   /* a switch that ignores its value */
	K_FILE,  /* a file to write: created when set, its name kept */
	K_ATTR,  /* stability attributes: name/data/class */
};

struct dopt_def {
	const char *name;
	enum dopt_kind kind;
	size_t off;           /* field in struct dopts */
	int64_t def;          /* default (bool: 0/1; enum: index) */
	int64_t min, max;     /* K_INT, K_SIZE, K_TIME bounds */
	bool invert;          /* K_FLAG that clears its field (kdefs, udefs) */
	const char *const *words; /* K_ENUM, NULL-terminated, in enum order */
};

static const char *const bufpolicy_words[] = {"switch", "fill", "ring", NULL};
static const char *const bufresize_words[] = {"auto", "manual", NULL};
static const char *const stdc_words[] = {"a", "c", "s", "t", NULL};
static const char *const evaltime_words[] = {"exec", "preinit", "postinit", "main", NULL};
static const char *const late_words[] = {"dynamic", "static", NULL};
static const char *const linkmode_words[] = {"kernel", "dynamic", "static", NULL};
static const char *const linktype_words[] = {"elf", "dof", NULL};
static const char *const debugassert_words[] = {"mutexes", NULL};
static const char *const oformat_words[] = {"text", "json", "xml", NULL};
static const char ERR_NOREG[] = "Insufficient registers to generate code";
static const char ERR_VERSFMT[] = "Version is not properly formatted or is too large";
static const char ERR_VERSUNDEF[] = "Requested version is not supported by compiler";
static const char ERR_VERSREDUCED[] = "Requested version conflicts with earlier setting";
/* dtrace's BPF code generator has 8 integer registers and needs them all */
#define NREGS 8

#define F(field) offsetof(struct dopts, field)
#define HZ(n) ((int64_t)(NSEC_PER_SEC / (n)))
#define I32 INT32_MAX
/* BPF stack helpers stop at kernel.perf_event_max_stack, 127 by default (dtrace reads that
 * file for maxframes' default). The frame counts themselves take any count dtrace's
 * dt_opt_runtime takes (0 included); a stack's depth is the smaller of its count and
 * maxframes, silently, as in dtrace's dt_cg_stack_arg. */
#define MAXFRAMES 127

/* Alphabetical, so dopt_list_set reports in a stable, readable order. */
static const struct dopt_def defs[] = {
	{"agghist", K_BOOL, F(agghist), 0, 0, 0, false, NULL},
	/* printa and the exit print of stack-keyed aggregations as folded stacks (docs/output.md) */
	{"aggfold", K_BOOL, F(aggfold), 0, 0, 0, false, NULL},
	/* no aggpack: DTrace for Linux has none ("Invalid option name"), nor a format for it */
	{"aggpercpu", K_FLAG, F(aggpercpu), 0, 0, 0, false, NULL},
	{"aggrate", K_TIME, F(aggrate), HZ(1), 0, INT64_MAX, false, NULL},
	{"aggsize", K_SIZE, F(aggsize), 4 << 20, 0, INT64_MAX, false, NULL},
	{"aggsortkey", K_BOOL, F(aggsortkey), 0, 0, 0, false, NULL},
	/* any number dtrace's dt_opt_runtime takes (it bounds none); past the last key or
	 * aggregation, the sort is by position 0 (agg_sort.c), as dtrace's */
	{"aggsortkeypos", K_INT, F(aggsortkeypos), 0, 0, INT64_MAX, false, NULL},
	{"aggsortpos", K_INT, F(aggsortpos), 0, 0, INT64_MAX, false, NULL},
	{"aggsortrev", K_BOOL, F(aggsortrev), 0, 0, 0, false, NULL},
	{"aggzoom", K_BOOL, F(aggzoom), 0, 0, 0, false, NULL},
	{"amin", K_ATTR, F(amin), 0, 0, 0, false, NULL},
	{"argref", K_FLAG, F(argref), 0, 0, 0, false, NULL},
	{"bpflog", K_BOOL, F(bpflog), 0, 0, 0, false, NULL},
	{"bpflogsize", K_SIZE, F(bpflogsize), (16 << 20) - 1, 0, INT64_MAX, false, NULL},
	{"bufpolicy", K_ENUM, F(bufpolicy), DOPT_BUFPOLICY_SWITCH, 0, 0, false, bufpolicy_words},
	{"bufresize", K_ENUM, F(bufresize), DOPT_BUFRESIZE_AUTO, 0, 0, false, bufresize_words},
	{"bufsize", K_SIZE, F(bufsize), 4 << 20, 0, INT64_MAX, false, NULL},
	{"cleanrate", K_TIME, F(cleanrate), HZ(101), 0, INT64_MAX, false, NULL},
	{"core", K_FLAG, F(core), 0, 0, 0, false, NULL},
	{"cpp", K_FLAG, F(cpp), 0, 0, 0, false, NULL},
	{"cppargs", K_STR, F(cppargs), 0, 0, 0, false, NULL},
	{"cpphdrs", K_FLAG, F(cpphdrs), 0, 0, 0, false, NULL},
	{"cpppath", K_STR, F(cpppath), 0, 0, 0, false, NULL},
	{"cpu", K_INT, F(cpu), -1, 0, I32, false, NULL},
	{"ctfpath", K_STR, F(ctfpath), 0, 0, 0, false, NULL},
	{"ctypes", K_FILE, F(ctypes), 0, 0, 0, false, NULL},
	{"debug", K_FLAG, F(debug), 0, 0, 0, false, NULL},
	{"debugassert", K_ENUM, F(debugassert), 0, 0, 0, false, debugassert_words},
	{"defaultargs", K_FLAG, F(defaultargs), 0, 0, 0, false, NULL},
	{"define", K_STR, F(define), 0, 0, 0, false, NULL},
	{"destructive", K_BOOL, F(destructive), 0, 0, 0, false, NULL},
	{"disasm", K_NUM, F(disasm), 0, 0, I32, false, NULL},
	{"dof", K_FLAG, F(dof), 0, 0, 0, false, NULL},
	/* where dtrace's dtprobed daemon keeps the DOF of the processes it saw: usdtrace reads
	 * each process's probes from its ELF notes (or usdtraced's stash, -x stash), so the
	 * path is taken and has nothing to read */
	{"dofstashpath", K_STR, F(dofstashpath), 0, 0, 0, false, NULL},
	{"droptags", K_ANY, F(droptags), 0, 0, 0, false, NULL},
	{"dtypes", K_FILE, F(dtypes), 0, 0, 0, false, NULL},
	{"dynvarsize", K_SIZE, F(dynvarsize), 1 << 20, 0, INT64_MAX, false, NULL},
	{"empty", K_FLAG, F(empty), 0, 0, 0, false, NULL},
	{"errtags", K_FLAG, F(errtags), 0, 0, 0, false, NULL},
	{"evaltime", K_ENUM, F(evaltime), 0, 0, 0, false, evaltime_words},
	{"flowindent", K_BOOL, F(flowindent), 0, 0, 0, false, NULL},
	{"grabanon", K_BOOL, F(grabanon), 0, 0, 0, false, NULL},
	{"incdir", K_STR, F(incdir), 0, 0, 0, false, NULL},
	{"iregs", K_IREGS, F(iregs), NREGS, 1, NREGS, false, NULL},
	{"jstackframes", K_INT, F(jstackframes), 50, 0, INT64_MAX, false, NULL},
	{"jstackstrsize", K_SIZE, F(jstackstrsize), 512, 0, INT64_MAX, false, NULL},
	{"kdefs", K_FLAG, F(knodefs), 0, 0, 0, true, NULL},
	{"knodefs", K_FLAG, F(knodefs), 0, 0, 0, false, NULL},
	{"late", K_ENUM, F(late), 0, 0, 0, false, late_words},
	{"lazyload", K_ANY, F(lazyload), 0, 0, 0, false, NULL},
	{"ldpath", K_STR, F(ldpath), 0, 0, 0, false, NULL},
	{"libdir", K_STR, F(libdir), 0, 0, 0, false, NULL},
	{"linkmode", K_ENUM, F(linkmode), 0, 0, 0, false, linkmode_words},
	{"linknommap", K_ANY, F(linknommap), 0, 0, 0, false, NULL},
	{"linktype", K_ENUMCI, F(linktype), 0, 0, 0, false, linktype_words},
	{"lockmem", K_LOCKMEM, F(lockmem), 0, 0, 0, false, NULL},
	{"maxframes", K_INT, F(maxframes), MAXFRAMES, 0, INT64_MAX, false, NULL},
	{"modpath", K_STR, F(modpath), 0, 0, 0, false, NULL},
	{"nolibs", K_FLAG, F(nolibs), 0, 0, 0, false, NULL},
	{"noresolve", K_BOOL, F(noresolve), 0, 0, 0, false, NULL},
	/* 0 is taken, and refused when tracing is enabled (trace_run.c), as dtrace refuses it */
	{"nspec", K_INT, F(nspec), 1, 0, I32, false, NULL},
	/* the output format: dtrace's text, JSON lines or XML (src/print/sink.h, docs/output.md) */
	{"oformat", K_ENUM, F(oformat), DOPT_OFORMAT_TEXT, 0, 0, false, oformat_words},
	{"pcapsize", K_SIZE, F(pcapsize), 1514, 0, INT64_MAX, false, NULL},
	{"pgmax", K_NUM, F(pgmax), 0, 0, I32, false, NULL},
	{"preallocate", K_SIZE, F(preallocate), 0, 0, INT64_MAX, false, NULL},
	/* print()'s output stops at a member this many bytes in (dprint.h); parsed as
	 * dt_opt_printsize does (parse_value) */
	{"printsize", K_SIZE, F(printsize), 8192, 1, INT64_MAX, false, NULL},
	{"procfspath", K_STR, F(procfspath), 0, 0, 0, false, NULL},
	{"pspec", K_FLAG, F(pspec), 0, 0, 0, false, NULL},
	{"quiet", K_BOOL, F(quiet), 0, 0, 0, false, NULL},
	{"quietresize", K_BOOL, F(quietresize), 0, 0, 0, false, NULL},
	{"rawbytes", K_BOOL, F(rawbytes), 0, 0, 0, false, NULL},
	/* what alloca() may take in one clause (DTrace for Linux's default) */
	{"scratchsize", K_SIZE, F(scratchsize), 256, 0, INT64_MAX, false, NULL},
	{"specsize", K_SIZE, F(specsize), 32 << 10, 0, INT64_MAX, false, NULL},
	{"stackframes", K_INT, F(stackframes), 20, 0, INT64_MAX, false, NULL},
	{"stackindent", K_INT, F(stackindent), 14, 0, I32, false, NULL},
	/* usdtraced's stash directory, read instead of /proc when its daemon is live (stash.h) */
	{"stash", K_STR, F(stash), 0, 0, 0, false, NULL},
	{"statusrate", K_TIME, F(statusrate), HZ(1), 0, INT64_MAX, false, NULL},
	{"stdc", K_ENUM, F(stdc), DOPT_STDC_A, 0, 0, false, stdc_words},
	{"strip", K_FLAG, F(strip), 0, 0, 0, false, NULL},
	/* libdtrace refuses strsize above UINT_MAX with EOVERFLOW (the string type is an array),
	 * and below the two bytes of its empty string */
	{"strsize", K_SIZE, F(strsize), 256, 2, UINT32_MAX, false, NULL},
	{"switchrate", K_TIME, F(switchrate), HZ(1), 0, INT64_MAX, false, NULL},
	{"syslibdir", K_STR, F(syslibdir), 0, 0, 0, false, NULL},
	{"sysslice", K_STR, F(sysslice), 0, 0, 0, false, NULL},
	{"temporal", K_BOOL, F(temporal), 0, 0, 0, false, NULL},
	{"tree", K_NUM, F(tree), 0, 1, I32, false, NULL},
	{"tregs", K_NUM, F(tregs), 0, 1, I32, false, NULL},
	{"udefs", K_FLAG, F(unodefs), 0, 0, 0, true, NULL},
	{"undef", K_STR, F(undef), 0, 0, 0, false, NULL},
	{"unodefs", K_FLAG, F(unodefs), 0, 0, 0, false, NULL},
	{"useruid", K_NUM, F(useruid), 0, 0, I32, false, NULL},
	{"ustackframes", K_INT, F(ustackframes), 100, 0, INT64_MAX, false, NULL},
	/* rows of the user stack walk's unwind table; 0: sized by need, up to CFI_ROWS_CEIL, the
	 * most it may be set to (src/elf/cfi.h, docs/unwind.md) */
	{"ustackrows", K_INT, F(ustackrows), 0, 0, 1 << 24, false, NULL},
	{"verbose", K_FLAG, F(verbose), 0, 0, 0, false, NULL},
	{"version", K_VERSION, F(version), 0, 0, 0, false, NULL},
	{"zdefs", K_FLAG, F(zdefs), 0, 0, 0, false, NULL},
};
#define NDEFS ((int)(sizeof(defs) / sizeof(defs[0])))
_Static_assert(sizeof(defs) / sizeof(defs[0]) <= DOPT_MAX, "set_mask has one bit per option");
_Static_assert(sizeof(enum dopt_bufpolicy) == sizeof(int) && sizeof(enum dopt_bufresize) == sizeof(int) &&
	       sizeof(enum dopt_stdc) == sizeof(int) && sizeof(enum dopt_oformat) == sizeof(int),
	       "enum fields are stored as int");

static void *field(struct dopts *o, const struct dopt_def *d)
{
	return (char *)o + d->off;
}

static const void *cfield(const struct dopts *o, const struct dopt_def *d)
{
	return (const char *)o + d->off;
}

/* Store v in d's field, whose C type depends on the kind. */
static void store(struct dopts *o, const struct dopt_def *d, int64_t v)
{
	switch (d->kind) {
	case K_FLAG:
	case K_ANY:
	case K_BOOL: *(bool *)field(o, d) = v != 0; break;
	case K_INT:
	case K_NUM:
	case K_IREGS: *(int64_t *)field(o, d) = v; break;
	case K_SIZE:
	case K_LOCKMEM:
	case K_TIME: *(uint64_t *)field(o, d) = (uint64_t)v; break;
	case K_ENUM:
	case K_ENUMCI:
		/* the enums are plain int-sized enums starting at 0 */
		*(int *)field(o, d) = (int)v;
		break;
	case K_STR: *(bool *)field(o, d) = true; break;
	case K_ATTR: {
		struct dopt_attr *a = field(o, d);
		*a = (struct dopt_attr){ (v >> 24) & 1, (int)(v & 0xff), (int)((v >> 8) & 0xff),
					 (int)((v >> 16) & 0xff) };
		break;
	}
	case K_FILE: break; /* set_def keeps the name */
	case K_VERSION: *(uint32_t *)field(o, d) = (uint32_t)v; break;
	}
}

void dopts_init(struct dopts *o)
{
	memset(o, 0, sizeof(*o));
	for (int i = 0; i < NDEFS; i++)
		if (!defs[i].invert)
			store(o, &defs[i], defs[i].def);
}

static int lookup(const char *name, size_t len)
{
	for (int i = 0; i < NDEFS; i++)
		if (strlen(defs[i].name) == len && memcmp(defs[i].name, name, len) == 0)
			return i;
	return -1;
}

bool dopt_known(const char *name)
{
	return lookup(name, strlen(name)) >= 0;
}

const char *dopt_name_at(int i)
{
	return i >= 0 && i < NDEFS ? defs[i].name : NULL;
}

bool dopt_compile_time(const char *name)
{
	/* libdtrace's _dtrace_ctoptions, and usdtrace's own -x dof */
	static const char *const ct[] = {
		"aggpercpu", "amin", "argref", "core", "cpp", "cppargs", "cpphdrs", "cpppath",
		"ctfpath", "ctypes", "debug", "debugassert", "defaultargs", "define", "disasm",
		"dof", "dofstashpath", "droptags", "dtypes", "empty", "errtags", "evaltime",
		"incdir", "iregs", "kdefs", "knodefs", "late", "lazyload", "ldpath", "libdir",
		"linkmode", "linknommap", "linktype", "modpath", "nolibs", "pgmax", "preallocate",
		"procfspath", "pspec", "stdc", "strip", "syslibdir", "sysslice", "tree", "tregs",
		"udefs", "undef", "unodefs", "useruid", "verbose", "version", "zdefs",
	};
	for (size_t i = 0; i < sizeof(ct) / sizeof(ct[0]); i++)
		if (strcmp(name, ct[i]) == 0)
			return true;
	return false;
}

bool dopt_pragma_allowed(const char *name)
{
	/* the compiler switches (argref, cpp, defaultargs, empty, errtags, knodefs, nolibs,
	 * pspec, unodefs, verbose, zdefs) are allowed: a pragma sets them for the compilation
	 * under way (DTrace for Linux: dt_opt_cflags sets the parser's pcb_cflags) */
	static const char *const refused[] = {
		/* the preprocessor and the paths the compiler starts from */
		"cppargs", "cpphdrs", "cpppath", "ctfpath", "define", "incdir", "ldpath", "modpath",
		"procfspath", "stdc", "undef",
		/* locked memory is fixed before any program is compiled */
		"lockmem",
	};
	for (size_t i = 0; i < sizeof(refused) / sizeof(refused[0]); i++)
		if (strcmp(name, refused[i]) == 0)
			return false;
	return true;
}

/* An unsigned number as libdtrace reads it: strtoull base 0, so blanks and a '+' may come
 * first and a value with no digits at all reads as 0 (dtrace -x bufsize=k is 0 KiB, -x
 * switchrate=hz no rate), *end left at what follows; refused when strtoll reads a negative
 * number or it does not fit an int64 (strtoull would turn "-1" into 2^64-1). */
static int parse_number(const char *s, uint64_t *v, const char **end)
{
	if (strtoll(s, NULL, 0) < 0)
		return -1;
	char *e;
	errno = 0;
	unsigned long long n = strtoull(s, &e, 0);
	if (errno != 0 || n > INT64_MAX)
		return -1;
	*v = n;
	*end = e;
	return 0;
}

static int parse_size(const char *s, int64_t *out)
{
	uint64_t v, mul = 1;
	const char *end;
	if (parse_number(s, &v, &end) != 0)
		return -1;
	switch (*end) {
	case 't': case 'T': mul <<= 10; /* fall through */
	case 'g': case 'G': mul <<= 10; /* fall through */
	case 'm': case 'M': mul <<= 10; /* fall through */
	case 'k': case 'K': mul <<= 10; end++; break;
	default: break;
	}
	if (*end != '\0' || v > (uint64_t)INT64_MAX / mul)
		return -1;
	*out = (int64_t)(v * mul);
	return 0;
}

static int parse_time(const char *s, int64_t *out)
{
	static const struct { const char *name; uint64_t ns; } units[] = {
		{"ns", 1}, {"nsec", 1}, {"us", 1000}, {"usec", 1000},
		{"ms", 1000000}, {"msec", 1000000}, {"s", NSEC_PER_SEC}, {"sec", NSEC_PER_SEC},
		{"m", 60 * NSEC_PER_SEC}, {"min", 60 * NSEC_PER_SEC},
		{"h", 3600 * NSEC_PER_SEC}, {"hour", 3600 * NSEC_PER_SEC},
		{"d", 86400 * NSEC_PER_SEC}, {"day", 86400 * NSEC_PER_SEC},
	};
	uint64_t v;
	const char *end;
	if (parse_number(s, &v, &end) != 0)
		return -1;
	if (*end == '\0') { /* a plain number is nanoseconds, as in libdtrace */
		*out = (int64_t)v;
		return 0;
	}
	if (strcasecmp(end, "hz") == 0) {
		/* a frequency: its period; 0hz has none */
		*out = v == 0 ? 0 : (int64_t)(NSEC_PER_SEC / v);
		return 0;
	}
	for (size_t i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(end, units[i].name) != 0)
			continue;
		if (v > (uint64_t)INT64_MAX / units[i].ns)
			return -1;
		*out = (int64_t)(v * units[i].ns);
		return 0;
	}
	return -1;
}

/* A number as dtrace reads pgmax, tree, tregs, iregs and useruid: atoi's (blanks and a sign
 * first, digits up to anything else, none at all is 0; -x pgmax=3x is 3), as an int. */
static int64_t atoi_like(const char *s)
{
	return (int)strtol(s, NULL, 10);
}

/* A run-time option's value as libdtrace's dt_opt_runtime reads it: *unset for "no"-words and
 * the empty string, else a number (the name alone counts as 0, "yes"-words as 1). */
static int parse_runtime(const char *s, int64_t *out, bool *unset)
{
	static const char *const yes[] = {"yes", "enable", "enabled", "true", "on", "set"};
	static const char *const no[] = {"no", "disable", "disabled", "false", "off", "unset"};
	*unset = false;
	*out = 0;
	if (s == NULL)
		return 0;
	if (*s == '\0') {
		*unset = true;
		return 0;
	}
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*unset = true;
			return 0;
		}
	}
	uint64_t v;
	const char *end;
	if (parse_number(s, &v, &end) != 0 || *end != '\0')
		return -1;
	*out = (int64_t)v;
	return 0;
}

/* A D version "major.minor[.micro]" dtrace defines. NULL, or the message. */
static const char *check_version(const char *s, int64_t *v)
{
	/* the levels dtrace's compiler knows (2.0.1, its own, is not one it accepts) */
	static const uint32_t defined[] = {
		DVERSION(1, 0, 0), DVERSION(1, 1, 0), DVERSION(1, 2, 0), DVERSION(1, 2, 1),
		DVERSION(1, 2, 2), DVERSION(1, 3, 0), DVERSION(1, 4, 0), DVERSION(1, 4, 1),
		DVERSION(1, 5, 0), DVERSION(1, 6, 0), DVERSION(1, 6, 1), DVERSION(1, 6, 2),
		DVERSION(1, 6, 3), DVERSION(1, 6, 4), DVERSION(2, 0, 0),
	};
	uint32_t ver;
	if (dversion_parse(s, &ver) != 0)
		return ERR_VERSFMT;
	for (size_t i = 0; i < sizeof(defined) / sizeof(defined[0]); i++)
		if (ver == defined[i]) {
			*v = ver;
			return NULL;
		}
	return ERR_VERSUNDEF;
}

/* Stability attributes as libdtrace's dtrace_str2attr reads them: up to three names split at
 * '/', the name and data stabilities then the dependency class, any case; the value may stop
 * after any of them (even with a '/'), an empty part is invalid. *v: the parts' indexes, the
 * name's in bits 0-7, the data's 8-15, the class's 16-23, bit 24 set (those left out are the
 * highest, Standard / Standard / Common). */
static bool valid_attr(const char *s, int64_t *v)
{
	int idx[3] = { 7, 7, 5 };
	static const char *const stability[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable",
		"Standard", NULL,
	};
	static const char *const class[] = {
		"Unknown", "CPU", "Platform", "Group", "ISA", "Common", NULL,
	};
	for (int part = 0; part < 3 && *s; part++) {
		size_t n = strcspn(s, "/");
		const char *const *names = part < 2 ? stability : class;
		bool found = false;
		for (int i = 0; names[i] && !found; i++)
			if (strlen(names[i]) == n && strncasecmp(s, names[i], n) == 0) {
				found = true;
				idx[part] = i;
			}
		if (!found)
			return false;
		s += n + (s[n] == '/');
	}
	*v = (int64_t)idx[0] | (int64_t)idx[1] << 8 | (int64_t)idx[2] << 16 | (int64_t)1 << 24;
	return *s == '\0';
}

static const char *parse_word(const struct dopt_def *d, const char *value, int64_t *v)
{
	if (value == NULL)
		return ERR_VALUE;
	for (int i = 0; d->words[i] != NULL; i++) {
		bool same = d->kind == K_ENUMCI ? strcasecmp(value, d->words[i]) == 0
						: strcmp(value, d->words[i]) == 0;
		if (same) {
			*v = i;
			return NULL;
		}
	}
	return ERR_VALUE;
}

/* Parse value for d into *v; the message on failure. */
static const char *parse_value(const struct dopt_def *d, const char *value, int64_t *v)
{
	bool unset;
	switch (d->kind) {
	case K_FLAG:
		if (value != NULL)
			return ERR_VALUE;
		*v = !d->invert;
		return NULL;
	case K_BOOL:
		if (parse_runtime(value, v, &unset) != 0)
			return ERR_VALUE;
		/* dtrace tests these options against "unset" only: any number, 0 too, turns them on */
		*v = !unset;
		return NULL;
	case K_INT:
		if (parse_runtime(value, v, &unset) != 0)
			return ERR_VALUE;
		if (unset) {
			*v = d->def;
			return NULL;
		}
		break;
	case K_SIZE:
		if (strcmp(d->name, "printsize") == 0) {
			/* dt_opt_printsize: no value, 0 or more than 64 KiB is the default, and
			 * the size is rounded up to 8 bytes */
			if (value != NULL && *value != '\0' && parse_size(value, v) != 0)
				return ERR_VALUE;
			if (value == NULL || *value == '\0' || *v <= 0 || *v > 65536)
				*v = d->def;
			*v = (*v + 7) & ~(int64_t)7;
			return NULL;
		}
		/* the name alone, or an empty value, is 0, as dtrace's dt_opt_size (for a size
		 * that may be 0; not preallocate, which dtrace parses with a function of its own) */
		if ((value == NULL || *value == '\0') && d->min == 0 &&
		    strcmp(d->name, "preallocate") != 0) {
			*v = 0;
			break;
		}
		if (value == NULL || parse_size(value, v) != 0)
			return ERR_VALUE;
		if (*v > d->max)
			return strerror(EOVERFLOW);
		break;
	case K_TIME:
		if ((value == NULL || *value == '\0') && d->min == 0) {  /* dt_opt_rate: 0 */
			*v = 0;
			break;
		}
		if (value == NULL || parse_time(value, v) != 0)
			return ERR_VALUE;
		break;
	case K_ENUM:
	case K_ENUMCI:
		return parse_word(d, value, v);
	case K_ANY:
		*v = 1;
		return NULL;
	case K_STR:
		return value == NULL ? ERR_VALUE : NULL;
	case K_ATTR:
		return value == NULL || !valid_attr(value, v) ? ERR_VALUE : NULL;
	case K_FILE: {
		if (value == NULL)
			return ERR_VALUE;
		int fd = open(value, O_CREAT | O_WRONLY, 0666);
		if (fd < 0)
			return strerror(errno);
		close(fd);
		return NULL;
	}
	case K_VERSION:
		return value == NULL ? ERR_VALUE : check_version(value, v);
	case K_LOCKMEM:
		if (value == NULL)
			return ERR_VALUE;
		/* dtrace takes "unlimited", and ignores a size it cannot read */
		if (strcmp(value, "unlimited") == 0 || parse_size(value, v) != 0)
			*v = -1;
		return NULL;
	case K_NUM:
		if (value == NULL)
			return ERR_VALUE;
		*v = atoi_like(value);
		/* useruid is a uid_t to dtrace, whose test for a negative one never holds: any
		 * value is taken (-x useruid=abc is uid 0) */
		if (strcmp(d->name, "useruid") == 0) {
			*v = (uint32_t)*v;
			return NULL;
		}
		break;
	case K_IREGS:
		if (value == NULL)
			return ERR_VALUE;
		*v = atoi_like(value);
		if (*v < 1 || *v > NREGS)
			return ERR_VALUE;
		return *v < NREGS ? ERR_NOREG : NULL;
	}
	if (*v < d->min || *v > d->max)
		return ERR_VALUE;
	return NULL;
}

static int set_def(struct dopts *o, int i, const char *value, struct derr *err)
{
	int64_t v = 0;
	const char *why = parse_value(&defs[i], value, &v);
	if (why != NULL)
		return derr_set(err, DTAG_NONE, "%s", why);
	if (defs[i].kind == K_VERSION) {
		/* a level only ever goes down (dtrace's dt_reduce: what a lower level hid is gone
		 * for good), so asking for a higher one than already set is refused */
		uint32_t cur = *(const uint32_t *)cfield(o, &defs[i]);
		if ((uint32_t)v > (cur ? cur : DVERSION_LATEST))
			return derr_set(err, DTAG_NONE, "%s", ERR_VERSREDUCED);
	}
	store(o, &defs[i], v);
	if (defs[i].kind == K_FILE)
		*(const char **)field(o, &defs[i]) = value;
	o->set_mask[i / 64] |= 1ULL << (i % 64);
	return 0;
}

int dopt_set(struct dopts *o, const char *name, const char *value, struct derr *err)
{
	int i = lookup(name, strlen(name));
	if (i < 0)
		return derr_set(err, DTAG_NONE, "%s", ERR_NAME);
	return set_def(o, i, value, err);
}

int dopt_set_arg(struct dopts *o, const char *xarg, struct derr *err)
{
	const char *eq = strchr(xarg, '=');
	size_t len = eq ? (size_t)(eq - xarg) : strlen(xarg);
	int i = lookup(xarg, len);
	if (i < 0)
		return derr_set(err, DTAG_NONE, "%s", ERR_NAME);
	return set_def(o, i, eq ? eq + 1 : NULL, err);
}

int dopt_set_pragma(struct dopts *o, const char *name, const char *value, struct derr *err)
{
	static const char ERR_CTX[] = "Option cannot be used from within a D program";
	if (dopt_pragma_allowed(name))
		return dopt_set(o, name, value, err);
	if (strcmp(name, "lockmem") == 0 || (strcmp(name, "stdc") == 0 && value != NULL))
		return derr_set(err, DTAG_NONE, "%s", ERR_CTX);
	struct dopts scratch = *o;
	if (dopt_set(&scratch, name, value, err) != 0)
		return -1;
	return derr_set(err, DTAG_NONE, "%s", ERR_CTX);
}

bool dopt_is_set(const struct dopts *o, const char *name)
{
	int i = lookup(name, strlen(name));
	return i >= 0 && (o->set_mask[i / 64] & (1ULL << (i % 64))) != 0;
}

uint32_t dopt_pcapsize(const struct dopts *o)
{
	enum { PCAP_ETHER_FRAME = 1514, PCAP_MAX = 65535 };
	if (!dopt_is_set(o, "pcapsize"))
		return PCAP_ETHER_FRAME;
	uint64_t v = o->pcapsize == 0 || o->pcapsize > PCAP_MAX ? PCAP_ETHER_FRAME : o->pcapsize;
	return (uint32_t)((v + 7) & ~(uint64_t)7);
}

int dopt_list_set(const struct dopts *o, const char **names, int max)
{
	int n = 0;
	for (int i = 0; i < NDEFS; i++) {
		if (!(o->set_mask[i / 64] & (1ULL << (i % 64))))
			continue;
		if (n < max)
			names[n] = defs[i].name;
		n++;
	}
	return n;
}

int dopt_format(const struct dopts *o, const char *name, char *buf, size_t len)
{
	int i = lookup(name, strlen(name));
	if (i < 0)
		return -1;
	const struct dopt_def *d = &defs[i];
	const void *p = cfield(o, d);
	switch (d->kind) {
	case K_FLAG:
	case K_ANY:
	case K_BOOL:
		snprintf(buf, len, "%s", (*(const bool *)p != d->invert) ? "set" : "unset");
		break;
	case K_INT:
	case K_NUM:
	case K_IREGS: snprintf(buf, len, "%" PRId64, *(const int64_t *)p); break;
	case K_SIZE: snprintf(buf, len, "%" PRIu64, *(const uint64_t *)p); break;
	case K_LOCKMEM:
		if (*(const uint64_t *)p == UINT64_MAX)
			snprintf(buf, len, "unlimited");
		else
			snprintf(buf, len, "%" PRIu64, *(const uint64_t *)p);
		break;
	case K_TIME: snprintf(buf, len, "%" PRIu64 "ns", *(const uint64_t *)p); break;
	case K_ENUM:
	case K_ENUMCI: snprintf(buf, len, "%s", d->words[*(const int *)p]); break;
	case K_FILE: {
		const char *path = *(const char *const *)p;
		snprintf(buf, len, "%s", path ? path : "unset");
		break;
	}
	case K_STR:
		/* a string option's value is the caller's: whether one was given */
		snprintf(buf, len, "%s", *(const bool *)p ? "set" : "unset");
		break;
	case K_ATTR: {
		const struct dopt_attr *a = p;
		if (a->set)
			snprintf(buf, len, "%d/%d/%d", a->name, a->data, a->dep);
		else
			snprintf(buf, len, "unset");
		break;
	}
	case K_VERSION: {
		uint32_t ver = *(const uint32_t *)p;
		if (ver == 0)
			snprintf(buf, len, "unset");
		else if (ver & 0xfff)
			snprintf(buf, len, "%u.%u.%u", ver >> 24, (ver >> 12) & 0xfff, ver & 0xfff);
		else
			snprintf(buf, len, "%u.%u", ver >> 24, (ver >> 12) & 0xfff);
		break;
	}
	}
	return 0;
}
