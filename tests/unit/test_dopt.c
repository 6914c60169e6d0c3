/* test_dopt.c — the option table: defaults, every kind's value syntax and units, bounds,
 * libdtrace's error wording, odd and hostile inputs, and the explicitly-set list. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "dopt.h"
#include "t.h"

static struct derr E;

/* Set from an -x argument; returns 0/-1 like dopt_set_arg, leaving the reason in E. */
static int x(struct dopts *o, const char *arg)
{
	E.msg[0] = '\0';
	return dopt_set_arg(o, arg, &E);
}

static const char BADVAL[] = "Invalid value for specified option";

/* arg must fail with BADVAL and leave every field untouched. */
static int rejects(const char *arg)
{
	struct dopts o, before;
	dopts_init(&o);
	before = o;
	return x(&o, arg) == -1 && strcmp(E.msg, BADVAL) == 0 && memcmp(&o, &before, sizeof(o)) == 0;
}

/* arg is accepted and option name then reads back as want (dopt_format). */
static int sets(const char *arg, const char *name, const char *want)
{
	struct dopts o;
	char buf[64];
	dopts_init(&o);
	return x(&o, arg) == 0 && dopt_format(&o, name, buf, sizeof(buf)) == 0 &&
	       strcmp(buf, want) == 0;
}

T_CASE(defaults)
{
	struct dopts o;
	memset(&o, 0xa5, sizeof(o));
	dopts_init(&o);
	T_EQ_UINT(o.bufsize, 4u << 20);
	T_EQ_UINT(o.aggsize, 4u << 20);
	T_EQ_UINT(o.dynvarsize, 1u << 20);
	T_EQ_UINT(o.specsize, 32u << 10);
	T_EQ_UINT(o.strsize, 256);
	T_EQ_UINT(o.jstackstrsize, 512);
	T_EQ_UINT(o.switchrate, 1000000000u);
	T_EQ_UINT(o.statusrate, 1000000000u);
	T_EQ_UINT(o.aggrate, 1000000000u);
	T_EQ_UINT(o.cleanrate, 1000000000u / 101);
	T_EQ_INT(o.nspec, 1);
	T_EQ_INT(o.stackframes, 20);
	T_EQ_INT(o.ustackframes, 100);  /* DTrace for Linux's _dtrace_ustackframes */
	T_EQ_INT(o.jstackframes, 50);
	T_EQ_INT(o.stackindent, 14);
	T_EQ_INT(o.cpu, -1);
	T_EQ_INT(o.aggsortpos, 0);
	T_EQ_INT(o.bufpolicy, DOPT_BUFPOLICY_SWITCH);
	T_EQ_INT(o.bufresize, DOPT_BUFRESIZE_AUTO);
	T_CHECK(!o.quiet && !o.destructive && !o.flowindent && !o.zdefs && !o.cpp && !o.verbose);
	T_CHECK(!o.aggsortkey && !o.aggsortrev && !o.aggpercpu && !o.defaultargs && !o.grabanon);
	T_EQ_UINT(o.set_mask[0], 0);
	T_EQ_UINT(o.set_mask[1], 0);
	const char *names[4];
	T_EQ_INT(dopt_list_set(&o, names, 4), 0);
}

T_CASE(sizes_and_units)
{
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "bufsize=4m"), 0);
	T_EQ_UINT(o.bufsize, 4u << 20);
	T_EQ_INT(x(&o, "bufsize=512k"), 0);
	T_EQ_UINT(o.bufsize, 512u << 10);
	T_EQ_INT(x(&o, "bufsize=1g"), 0);
	T_EQ_UINT(o.bufsize, 1u << 30);
	T_EQ_INT(x(&o, "bufsize=2T"), 0);
	T_EQ_UINT(o.bufsize, 2ull << 40);
	T_EQ_INT(x(&o, "aggsize=12345"), 0);
	T_EQ_UINT(o.aggsize, 12345);
	T_EQ_INT(x(&o, "dynvarsize=0x10K"), 0); /* strtoull base 0, as libdtrace */
	T_EQ_UINT(o.dynvarsize, 16u << 10);
	T_EQ_INT(x(&o, "specsize=010"), 0);     /* octal, as libdtrace */
	T_EQ_UINT(o.specsize, 8);
	T_EQ_INT(x(&o, "strsize=1M"), 0);
	T_EQ_UINT(o.strsize, 1u << 20);
	T_EQ_INT(x(&o, "jstackstrsize=2k"), 0);
	T_EQ_UINT(o.jstackstrsize, 2048);
}

T_CASE(size_errors)
{
	/* dtrace's dt_opt_size: the name alone and an empty value are 0 (then too small to
	 * enable), and so is a 0 of any unit */
	T_CHECK(sets("bufsize=", "bufsize", "0"));
	T_CHECK(sets("bufsize", "bufsize", "0"));
	T_CHECK(sets("bufsize=0k", "bufsize", "0"));
	T_CHECK(sets("aggsize=0", "aggsize", "0"));
	T_CHECK(sets("specsize", "specsize", "0"));
	T_CHECK(rejects("preallocate"));      /* not dt_opt_size's: a value is needed */
	T_CHECK(rejects("bufsize=4q"));
	T_CHECK(rejects("bufsize=4mb"));
	T_CHECK(rejects("bufsize=-1"));
	T_CHECK(rejects("bufsize=-4m"));
	/* strtoull's reading, as dtrace's (observed: dtrace -x 'bufsize= 4m' -e -n BEGIN
	 * exits 0): blanks and '+' first, no digits at all is 0 */
	T_CHECK(sets("bufsize=k", "bufsize", "0"));
	T_CHECK(sets("bufsize= 4k", "bufsize", "4096"));
	T_CHECK(sets("bufsize=+4", "bufsize", "4"));
	T_CHECK(rejects("bufsize=99999999999999999999"));   /* beyond 64 bits */
	T_CHECK(rejects("bufsize=9223372036854775808"));    /* beyond INT64_MAX */
	T_CHECK(rejects("bufsize=9007199254740992k"));      /* 2^53 * 1024 overflows */
	T_CHECK(rejects("bufsize=16777216T"));
	/* The largest representable size is accepted exactly. */
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "bufsize=9223372036854775807"), 0);
	T_EQ_UINT(o.bufsize, INT64_MAX);
	T_EQ_INT(x(&o, "bufsize=8191P"), -1);
	/* strsize beyond 32 bits: libdtrace's EOVERFLOW, and the old value stays. */
	dopts_init(&o);
	T_EQ_INT(x(&o, "strsize=4g"), -1);
	T_EQ_STR(E.msg, strerror(EOVERFLOW));
	T_EQ_UINT(o.strsize, 256);
	T_EQ_INT(x(&o, "strsize=4294967295"), 0);
	T_EQ_UINT(o.strsize, 4294967295u);
}

T_CASE(times_and_units)
{
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "switchrate=10hz"), 0);
	T_EQ_UINT(o.switchrate, 100000000u);
	T_EQ_INT(x(&o, "switchrate=10Hz"), 0);
	T_EQ_UINT(o.switchrate, 100000000u);
	T_EQ_INT(x(&o, "statusrate=1s"), 0);
	T_EQ_UINT(o.statusrate, 1000000000u);
	T_EQ_INT(x(&o, "aggrate=500ms"), 0);
	T_EQ_UINT(o.aggrate, 500000000u);
	T_EQ_INT(x(&o, "cleanrate=100us"), 0);
	T_EQ_UINT(o.cleanrate, 100000u);
	T_EQ_INT(x(&o, "cleanrate=50ns"), 0);
	T_EQ_UINT(o.cleanrate, 50);
	T_EQ_INT(x(&o, "cleanrate=50"), 0);      /* a plain number is nanoseconds */
	T_EQ_UINT(o.cleanrate, 50);
	T_EQ_INT(x(&o, "switchrate=2min"), 0);
	T_EQ_UINT(o.switchrate, 120000000000ull);
	T_EQ_INT(x(&o, "switchrate=1m"), 0);     /* for a time, m is minutes */
	T_EQ_UINT(o.switchrate, 60000000000ull);
	T_EQ_INT(x(&o, "switchrate=3usec"), 0);
	T_EQ_UINT(o.switchrate, 3000);
	T_EQ_INT(x(&o, "switchrate=2hour"), 0);
	T_EQ_UINT(o.switchrate, 7200000000000ull);
	T_EQ_INT(x(&o, "switchrate=1d"), 0);
	T_EQ_UINT(o.switchrate, 86400000000000ull);
	T_EQ_INT(x(&o, "switchrate=3hz"), 0);    /* truncated period, as libdtrace */
	T_EQ_UINT(o.switchrate, 333333333u);
}

T_CASE(time_errors)
{
	/* dtrace's dt_opt_rate takes 0 (the name alone and an empty value too) */
	T_CHECK(sets("switchrate=0", "switchrate", "0ns"));
	T_CHECK(sets("switchrate=0hz", "switchrate", "0ns"));
	T_CHECK(sets("switchrate=0s", "switchrate", "0ns"));
	T_CHECK(sets("switchrate=2000000000hz", "switchrate", "0ns")); /* period rounds to 0 */
	T_CHECK(sets("switchrate=", "switchrate", "0ns"));
	T_CHECK(sets("statusrate", "statusrate", "0ns"));
	T_CHECK(rejects("switchrate=10 hz"));
	T_CHECK(sets("switchrate=hz", "switchrate", "0ns"));   /* no digits: 0, as dtrace */
	T_CHECK(rejects("switchrate=10hertz"));
	T_CHECK(rejects("switchrate=-1s"));
	T_CHECK(rejects("switchrate=9999999999999999999999"));
	T_CHECK(rejects("switchrate=106752d"));       /* overflows int64 nanoseconds */
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "switchrate=106751d"), 0);
	T_EQ_UINT(o.switchrate, 106751ull * 86400 * 1000000000ull);
}

T_CASE(booleans)
{
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "quiet"), 0);
	T_CHECK(o.quiet);
	T_EQ_INT(x(&o, "quiet=no"), 0);
	T_CHECK(!o.quiet);
	T_EQ_INT(x(&o, "quiet=TRUE"), 0);
	T_CHECK(o.quiet);
	T_EQ_INT(x(&o, "quiet=off"), 0);
	T_CHECK(!o.quiet);
	T_EQ_INT(x(&o, "quiet=enabled"), 0);
	T_CHECK(o.quiet);
	T_EQ_INT(x(&o, "quiet="), 0);         /* empty: unset */
	T_CHECK(!o.quiet);
	T_EQ_INT(x(&o, "quiet=0"), 0);        /* dtrace: every number means "set" */
	T_CHECK(o.quiet);
	T_EQ_INT(x(&o, "quiet=Unset"), 0);
	T_CHECK(!o.quiet);
	T_CHECK(rejects("quiet=maybe"));
	T_CHECK(rejects("quiet=-1"));
	T_CHECK(rejects("quiet=1x"));
	const char *sw[] = {"destructive", "flowindent", "aggsortkey", "aggsortrev", "grabanon",
			    "rawbytes", "temporal", "agghist", "aggzoom"};
	bool *fld[] = {&o.destructive, &o.flowindent, &o.aggsortkey, &o.aggsortrev, &o.grabanon,
		       &o.rawbytes, &o.temporal, &o.agghist, &o.aggzoom};
	for (size_t i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		T_CHECK(!*fld[i]);
		T_EQ_INT(dopt_set(&o, sw[i], NULL, &E), 0);
		T_CHECK(*fld[i]);
		T_EQ_INT(dopt_set(&o, sw[i], "disable", &E), 0);
		T_CHECK(!*fld[i]);
	}
}

T_CASE(compile_flags)
{
	struct dopts o;
	dopts_init(&o);
	const char *sw[] = {"cpp", "zdefs", "verbose", "defaultargs", "aggpercpu", "argref", "empty",
			    "errtags", "nolibs", "pspec", "knodefs", "unodefs"};
	bool *fld[] = {&o.cpp, &o.zdefs, &o.verbose, &o.defaultargs, &o.aggpercpu, &o.argref,
		       &o.empty, &o.errtags, &o.nolibs, &o.pspec, &o.knodefs, &o.unodefs};
	for (size_t i = 0; i < sizeof(sw) / sizeof(sw[0]); i++) {
		T_CHECK(!*fld[i]);
		T_EQ_INT(x(&o, sw[i]), 0);
		T_CHECK(*fld[i]);
		/* a compile-time switch takes no value, not even "yes" */
		T_EQ_INT(dopt_set(&o, sw[i], "yes", &E), -1);
		T_EQ_STR(E.msg, BADVAL);
		T_EQ_INT(dopt_set(&o, sw[i], "", &E), -1);
	}
	T_EQ_INT(x(&o, "kdefs"), 0);   /* the inverse switches */
	T_CHECK(!o.knodefs);
	T_EQ_INT(x(&o, "udefs"), 0);
	T_CHECK(!o.unodefs);
	T_CHECK(rejects("zdefs=1"));
}

T_CASE(integers_and_bounds)
{
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "nspec=4"), 0);
	T_EQ_INT(o.nspec, 4);
	T_EQ_INT(x(&o, "stackframes=127"), 0);
	T_EQ_INT(o.stackframes, 127);
	T_EQ_INT(x(&o, "ustackframes=0x10"), 0);
	T_EQ_INT(o.ustackframes, 16);
	T_EQ_INT(x(&o, "jstackframes=1"), 0);
	T_EQ_INT(o.jstackframes, 1);
	T_EQ_INT(x(&o, "stackindent=0"), 0);
	T_EQ_INT(o.stackindent, 0);
	T_EQ_INT(x(&o, "cpu=3"), 0);
	T_EQ_INT(o.cpu, 3);
	T_EQ_INT(x(&o, "cpu=no"), 0);         /* a "no" word restores the default */
	T_EQ_INT(o.cpu, -1);
	T_EQ_INT(x(&o, "aggsortpos=2"), 0);
	T_EQ_INT(o.aggsortpos, 2);
	T_EQ_INT(x(&o, "aggsortkeypos=yes"), 0); /* "yes" words are 1 */
	T_EQ_INT(o.aggsortkeypos, 1);
	T_EQ_INT(x(&o, "stackframes="), 0);
	T_EQ_INT(o.stackframes, 20);
	/* frame counts are dt_opt_runtime values in dtrace: any count, 0 included; a stack is
	 * cut to maxframes when compiled, not here */
	T_EQ_INT(x(&o, "stackframes=500"), 0);
	T_EQ_INT(o.stackframes, 500);
	T_EQ_INT(x(&o, "stackframes=0"), 0);
	T_EQ_INT(o.stackframes, 0);
	T_EQ_INT(x(&o, "ustackframes=128"), 0);
	T_EQ_INT(o.ustackframes, 128);
	T_EQ_INT(x(&o, "stackframes"), 0);   /* the name alone is 0 */
	T_EQ_INT(o.stackframes, 0);
	T_EQ_INT(x(&o, "maxframes=0"), 0);
	T_EQ_INT(o.maxframes, 0);
	T_EQ_INT(x(&o, "maxframes="), 0);    /* empty restores the default */
	T_EQ_INT(o.maxframes, 127);
	T_CHECK(rejects("maxframes=-1"));
	T_CHECK(rejects("jstackframes=-1"));
	T_CHECK(rejects("ustackframes=-5"));
	T_CHECK(rejects("nspec=-1"));
	T_CHECK(rejects("nspec=2147483648"));
	T_CHECK(rejects("cpu=-1"));
	T_CHECK(rejects("cpu=one"));
	T_CHECK(rejects("stackindent=18446744073709551616"));
	dopts_init(&o);
	T_EQ_INT(x(&o, "nspec=2147483647"), 0);
	T_EQ_INT(o.nspec, 2147483647);
	/* dtrace takes 0 and refuses it only when enabling tracing (err/nspec_zero.d) */
	T_EQ_INT(x(&o, "nspec=0"), 0);
	T_EQ_INT(o.nspec, 0);
}

T_CASE(enums)
{
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "bufpolicy=ring"), 0);
	T_EQ_INT(o.bufpolicy, DOPT_BUFPOLICY_RING);
	T_EQ_INT(x(&o, "bufpolicy=fill"), 0);
	T_EQ_INT(o.bufpolicy, DOPT_BUFPOLICY_FILL);
	T_EQ_INT(x(&o, "bufpolicy=switch"), 0);
	T_EQ_INT(o.bufpolicy, DOPT_BUFPOLICY_SWITCH);
	T_EQ_INT(x(&o, "bufresize=manual"), 0);
	T_EQ_INT(o.bufresize, DOPT_BUFRESIZE_MANUAL);
	T_EQ_INT(x(&o, "bufresize=auto"), 0);
	T_EQ_INT(o.bufresize, DOPT_BUFRESIZE_AUTO);
	T_CHECK(rejects("bufpolicy"));
	T_CHECK(rejects("bufpolicy="));
	T_CHECK(rejects("bufpolicy=Ring"));  /* exact words, as libdtrace */
	T_CHECK(rejects("bufpolicy=rings"));
	T_CHECK(rejects("bufresize=1"));
	T_CHECK(rejects("bufresize=manual "));
}

T_CASE(names)
{
	struct dopts o, before;
	dopts_init(&o);
	before = o;
	const char *bad[] = {"foo", "", "=4m", "Quiet", "quiet ", "bufsize4m", "bufsiz=4m",
			     "bufsizee=4m", "x=y=z"};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		T_EQ_INT(x(&o, bad[i]), -1);
		T_EQ_STR(E.msg, "Invalid option name");
	}
	T_EQ_INT(dopt_set(&o, "foo", "1", &E), -1);
	T_EQ_STR(E.msg, "Invalid option name");
	T_CHECK(memcmp(&o, &before, sizeof(o)) == 0);
	T_CHECK(dopt_known("bufsize") && dopt_known("zdefs") && !dopt_known("bufsiz"));
	/* Only the first '=' splits: the rest is the value. */
	T_EQ_INT(x(&o, "bufpolicy=ring=x"), -1);
	T_EQ_STR(E.msg, BADVAL);
	/* An option's reason has no tag and no position; no record is fine too. */
	T_EQ_INT(x(&o, "nope"), -1);
	T_EQ_INT(E.tag, DTAG_NONE);
	T_EQ_INT(E.at, DERR_AT_NONE);
	T_EQ_INT(dopt_set_arg(&o, "nope", NULL), -1);
}

T_CASE(list_and_format)
{
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "zdefs"), 0);
	T_EQ_INT(x(&o, "bufsize=8k"), 0);
	T_EQ_INT(x(&o, "quiet=no"), 0);      /* set explicitly, even if to off */
	T_EQ_INT(x(&o, "bufsize=16k"), 0);   /* twice: listed once */
	T_EQ_INT(x(&o, "nspec=-1"), -1);     /* failed: not listed */
	const char *names[8];
	T_EQ_INT(dopt_list_set(&o, names, 8), 3);
	T_EQ_STR(names[0], "bufsize");
	T_EQ_STR(names[1], "quiet");
	T_EQ_STR(names[2], "zdefs");
	T_EQ_INT(dopt_list_set(&o, names, 1), 3); /* count even when the array is short */
	char buf[64];
	T_EQ_INT(dopt_format(&o, "bufsize", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "16384");
	T_EQ_INT(dopt_format(&o, "quiet", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "unset");
	T_EQ_INT(dopt_format(&o, "zdefs", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "set");
	T_EQ_INT(dopt_format(&o, "kdefs", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "set");
	T_EQ_INT(dopt_format(&o, "switchrate", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "1000000000ns");
	T_EQ_INT(dopt_format(&o, "bufpolicy", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "switch");
	T_EQ_INT(dopt_format(&o, "cpu", buf, sizeof(buf)), 0);
	T_EQ_STR(buf, "-1");
	T_EQ_INT(dopt_format(&o, "nosuch", buf, sizeof(buf)), -1);
}

/* Every option formats to text that sets it back to the same value. */
T_CASE(format_round_trip)
{
	const char *all[] = {"aggpercpu", "agghist", "aggrate", "aggsize", "aggsortkey",
		"aggsortkeypos", "aggsortpos", "aggsortrev", "aggzoom", "argref", "bufpolicy",
		"bufresize", "bufsize", "cleanrate", "cpp", "cpu", "defaultargs", "destructive",
		"dynvarsize", "empty", "errtags", "flowindent", "grabanon", "jstackframes",
		"jstackstrsize", "kdefs", "knodefs", "nolibs", "nspec", "pspec", "quiet", "rawbytes",
		"specsize", "stackframes", "stackindent", "statusrate", "strsize", "switchrate",
		"temporal", "udefs", "unodefs", "ustackframes", "verbose", "zdefs"};
	struct dopts o;
	dopts_init(&o);
	T_EQ_INT(x(&o, "bufpolicy=ring"), 0);
	T_EQ_INT(x(&o, "cpu=7"), 0);
	T_EQ_INT(x(&o, "quiet"), 0);
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++) {
		char buf[64];
		T_CHECK(dopt_known(all[i]));
		T_EQ_INT(dopt_format(&o, all[i], buf, sizeof(buf)), 0);
		struct dopts p = o;
		/* switches: "set" is a yes-word for run-time ones; flags take no value */
		int rc = dopt_set(&p, all[i], strcmp(buf, "set") == 0 ? NULL : buf, &E);
		if (strcmp(buf, "unset") == 0)
			continue; /* flags cannot be unset by value; checked in compile_flags */
		T_EQ_INT(rc, 0);
		memcpy(p.set_mask, o.set_mask, sizeof(p.set_mask));
		T_CHECK(memcmp(&o, &p, sizeof(o)) == 0);
	}
}

/* The rest of dtrace's table: accepted with their values checked as dtrace checks them. */
T_CASE(dtrace_only_options)
{
	struct dopts o;
	dopts_init(&o);
	/* stdc: a c s t, nothing else */
	T_EQ_INT(x(&o, "stdc=s"), 0);
	T_EQ_INT(o.stdc, DOPT_STDC_S);
	T_CHECK(rejects("stdc=X") && rejects("stdc") && rejects("stdc=A"));
	/* strsize: at least the two bytes of an empty string */
	T_EQ_INT(x(&o, "strsize=2"), 0);
	T_CHECK(rejects("strsize=1"));
	/* iregs: 8 exactly; fewer cannot generate code */
	T_EQ_INT(x(&o, "iregs=8"), 0);
	T_CHECK(rejects("iregs=9") && rejects("iregs=0") && rejects("iregs"));
	T_EQ_INT(x(&o, "iregs=7"), -1);
	T_EQ_STR(E.msg, "Insufficient registers to generate code");
	/* version: defined D versions only */
	T_EQ_INT(o.version, 0);              /* none asked for: the latest */
	T_EQ_INT(x(&o, "version=2.0"), 0);
	T_EQ_INT(o.version, 0x02000000);     /* dtrace's encoding, __SUNW_D_VERSION's value */
	T_EQ_INT(x(&o, "version=1.6.4"), 0);
	T_EQ_INT(o.version, 0x01006004);
	T_EQ_INT(x(&o, "version=1.2.1"), 0);
	T_EQ_INT(o.version, 0x01002001);
	T_EQ_INT(x(&o, "version=2.0.1"), -1); /* dtrace's own level is not one it accepts */
	T_EQ_STR(E.msg, "Requested version is not supported by compiler");
	T_EQ_INT(x(&o, "version=3.0"), -1);
	T_EQ_STR(E.msg, "Requested version is not supported by compiler");
	/* a level only goes down: 2.0 after 1.2.1 is dtrace's conflict, and 1.2.1 stays */
	T_EQ_INT(x(&o, "version=2.0"), -1);
	T_EQ_STR(E.msg, "Requested version conflicts with earlier setting");
	T_EQ_INT(o.version, 0x01002001);
	/* dt_version_str2num: a missing part is 0 ("2" is 2.0, which dtrace defines) */
	dopts_init(&o);
	T_EQ_INT(x(&o, "version=2"), 0);
	T_EQ_INT(o.version, 0x02000000);
	T_EQ_INT(x(&o, "version=2..1"), -1);  /* 2.0.1 */
	T_EQ_STR(E.msg, "Requested version is not supported by compiler");
	T_EQ_INT(x(&o, "version=1.2.3.4"), -1);
	T_EQ_STR(E.msg, "Version is not properly formatted or is too large");
	T_EQ_INT(x(&o, "version=1.4096"), -1);
	T_EQ_STR(E.msg, "Version is not properly formatted or is too large");
	T_EQ_INT(x(&o, "version=1.x"), -1);
	T_EQ_STR(E.msg, "Version is not properly formatted or is too large");
	/* paths and cpp arguments need a value */
	T_EQ_INT(x(&o, "define=probe=BEGIN"), 0);
	T_CHECK(o.define);
	T_CHECK(rejects("define") && rejects("incdir") && rejects("ldpath") && rejects("ctypes"));
	/* linktype ignores case; linkmode and evaltime do not */
	T_EQ_INT(x(&o, "linktype=ELF"), 0);
	T_CHECK(rejects("linktype=foo") && rejects("linkmode=KERNEL") && rejects("evaltime=now"));
	T_EQ_INT(x(&o, "evaltime=main"), 0);
	/* sizes and switches */
	T_EQ_INT(x(&o, "bpflogsize=1m"), 0);
	T_EQ_UINT(o.bpflogsize, 1u << 20);
	T_EQ_INT(x(&o, "bpflog"), 0);
	T_CHECK(o.bpflog);
	T_EQ_INT(x(&o, "lockmem=unlimited"), 0);
	T_EQ_INT(x(&o, "lockmem=64m"), 0);
	T_EQ_UINT(o.lockmem, 64u << 20);
	T_EQ_INT(x(&o, "droptags=whatever"), 0);
	T_CHECK(rejects("debug=1") && rejects("tree=0") && rejects("disasm=-1"));
	/* what a program may not set */
	T_CHECK(!dopt_pragma_allowed("ldpath") && !dopt_pragma_allowed("stdc") &&
		!dopt_pragma_allowed("lockmem") && !dopt_pragma_allowed("cpppath"));
	/* the compiler switches it may (DTrace for Linux applies them to the compilation) */
	T_CHECK(dopt_pragma_allowed("quiet") && dopt_pragma_allowed("iregs") &&
		dopt_pragma_allowed("zdefs") && dopt_pragma_allowed("defaultargs") &&
		dopt_pragma_allowed("errtags") && dopt_pragma_allowed("verbose"));
}

/* pcapsize as DTrace for Linux reads it (dt_opt_pcapsize; dtrace -x pcapsize=10 captures 16
 * bytes of a 46-byte packet, =0 and =70000 all of it): 1514 unset, a value set rounded up to
 * a multiple of 8, 0 and values above 65535 taken as 1514 (so 1520). */
T_CASE(pcapsize_reading)
{
	struct dopts o;
	struct derr e;
	dopts_init(&o);
	T_EQ_INT(dopt_pcapsize(&o), 1514);
	const char *in[] = { "10", "16", "1514", "0", "65535", "65536", "70000", "1k" };
	const unsigned want[] = { 16, 16, 1520, 1520, 65536, 1520, 1520, 1024 };
	for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++) {
		dopts_init(&o);
		T_EQ_INT(dopt_set(&o, "pcapsize", in[i], &e), 0);
		T_EQ_INT(dopt_pcapsize(&o), want[i]);
	}
}

T_MAIN()
