/* dopt.h — dtrace's options (`-x name[=value]`, `#pragma D option name[=value]`, and the
 * command-line letters that are options: -q -w -Z -F -C -b): the table of names, parsing of
 * each option's value, and the parsed values with their defaults.
 *
 * Contract:
 * - dopts_init fills every field with dtrace's default. dopt_set / dopt_set_arg parse one
 *   option; on success the field changes and the option is marked explicitly set (0 returned);
 *   on failure nothing changes, -1 is returned and *err (derr.h) holds dtrace's reason alone
 *   (no tag, no position):
 *   "Invalid option name", "Invalid value for specified option", or (strsize above 4 GiB)
 *   "Value too large for defined data type". Callers add the context as dtrace does:
 *   "failed to set -x NAME: REASON" (NAME without "=value"), "failed to set -b SIZE: ...",
 *   "failed to set option 'NAME': ..." for pragmas.
 * - Value syntax follows libdtrace:
 *   size  digits (strtoull base 0: 0x.., 0..) with an optional k/m/g/t suffix (any case);
 *   time  digits with ns nsec us usec ms msec s sec m min h hour d day (any case), or N hz
 *         (a frequency, stored as its period); a plain number is nanoseconds;
 *   bool  the name alone, or yes/no enable/disable enabled/disabled true/false on/off
 *         set/unset (any case), an empty value (off), or any non-negative number: dtrace treats
 *         every number, 0 included, as "set";
 *   int   a number, or the words above (positive words = 1, negative words = the default),
 *         then checked against the option's bounds;
 *   enum  one of the listed words, exactly;
 *   flag  compile-time switches (cpp, zdefs, verbose, ...): the name alone, never a value.
 * - We reject what libdtrace would pass on to fail later or misbehave with: empty and negative
 *   numbers, leading blanks, values that overflow 64 bits. Sizes and rates that dtrace's
 *   dt_opt_size / dt_opt_rate parse take 0 as it does, the name alone or an empty value
 *   included: bufsize=0 (or an aggsize, dynvarsize too small for one entry) is then
 *   "Enabling exceeds size of buffer" when tracing is enabled; a rate of 0 polls at the
 *   shortest interval; bpflogsize, scratchsize, jstackstrsize, specsize of 0 are kept.
 * - Names are exact (case-sensitive). Every option of dtrace's table is known, those that have
 *   no effect here too (amin, core, ctypes, libdir, linktype, tree, ...): their values are
 *   parsed and refused as dtrace refuses them, then ignored. Besides the kinds above:
 *   str      any value, required (paths, cpp arguments: define incdir undef cppargs);
 *   num      a plain number within bounds (tree, tregs, disasm, pgmax, useruid);
 *   iregs    1..8, and below 8 "Insufficient registers to generate code" (dtrace's BPF code
 *            needs all 8);
 *   version  a D version dtrace defines (1.0 .. 2.0): "Version is not properly formatted or is
 *            too large" / "Requested version is not supported by compiler";
 *   lockmem  "unlimited" or a size (dtrace ignores a malformed size);
 *   any      a switch that ignores its value (droptags, lazyload, linknommap);
 *   attr     stability attributes (amin): "Name[/Data[/Class]]" in dtrace's words, any case;
 *            the program's statements below it are refused (dstab.h: dstab_floor);
 *   file     a file the compiler will write (ctypes, dtypes): created when the option is set,
 *            as dtrace opens it then, and refused with the system's reason ("No such file or
 *            directory") if it cannot be. */
#ifndef USDTRACE_DOPT_H
#define USDTRACE_DOPT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "derr.h"

enum dopt_bufpolicy { DOPT_BUFPOLICY_SWITCH, DOPT_BUFPOLICY_FILL, DOPT_BUFPOLICY_RING };
/* evaltime's words, in dopt.c's order: where -c holds the command */
enum dopt_evaltime { DOPT_EVALTIME_EXEC, DOPT_EVALTIME_PREINIT, DOPT_EVALTIME_POSTINIT,
		     DOPT_EVALTIME_MAIN };
enum dopt_bufresize { DOPT_BUFRESIZE_AUTO, DOPT_BUFRESIZE_MANUAL };
/* -x stdc: a c t s (cpp runs as -std=c99 for a, -traditional-cpp for s, in its default mode
 * for c and t) */
enum dopt_stdc { DOPT_STDC_A, DOPT_STDC_C, DOPT_STDC_S, DOPT_STDC_T };
/* -x oformat: how the tracer writes what it traces (src/print/sink.h) */
enum dopt_oformat { DOPT_OFORMAT_TEXT, DOPT_OFORMAT_JSON, DOPT_OFORMAT_XML };
#define DOPT_MAX 128

struct dopts {
	/* sizes, in bytes */
	uint64_t aggsize, bufsize, dynvarsize, jstackstrsize, printsize, scratchsize, specsize,
		strsize;
	/* times, in nanoseconds (a rate given in hz is stored as its period) */
	uint64_t aggrate, cleanrate, statusrate, switchrate;
	/* integers; cpu is -1 for "every CPU" */
	int64_t aggsortkeypos, aggsortpos, cpu, jstackframes, nspec, stackframes, stackindent,
		ustackframes;
	/* usdtrace's own: rows of the user stack walk's unwind table, 0 = sized by the targets'
	 * need (docs/unwind.md, "Limits") */
	int64_t ustackrows;
	enum dopt_bufpolicy bufpolicy;
	enum dopt_bufresize bufresize;
	enum dopt_oformat oformat;
	/* run-time switches */
	bool aggfold, agghist, aggsortkey, aggsortrev, aggzoom, destructive, flowindent, grabanon,
		quiet, rawbytes, temporal;
	/* compile-time switches; verbose lists the programs (dtrace's form) and shows the BPF
	 * verifier log of a refused one */
	bool aggpercpu, argref, cpp, defaultargs, empty, errtags, knodefs, nolibs, pspec, unodefs,
		verbose, zdefs;
	/* usdtrace's own: -h/-G write DTrace's probe form (DOF in .SUNW_dof) instead of stapsdt */
	bool dof;
	/* pcapsize: as given; what pcap() captures is dopt_pcapsize's reading of it */
	uint64_t pcapsize;
	/* accepted for compatibility; no effect on tracing here */
	uint64_t bpflogsize, lockmem, preallocate;
	int64_t disasm, iregs, maxframes, pgmax, tree, tregs, useruid;
	bool bpflog, core, cpphdrs, debug, droptags, lazyload, linknommap, noresolve,
		quietresize, strip;
	int evaltime;            /* enum dopt_evaltime */
	int late, linkmode, linktype, debugassert;
	enum dopt_stdc stdc;
	/* string options: whether one was given (their values are the caller's: main.c hands
	 * define, incdir, undef and cppargs to cpp) */
	bool cppargs, cpppath, ctfpath, define, dofstashpath, incdir, ldpath, libdir,
		modpath, procfspath, stash, syslibdir, sysslice, undef;
	/* files the compiler writes its C and D types to as CTF (dctf.h), NULL if none: the
	 * value as given, which the caller keeps (argv, the program's pragma) */
	const char *ctypes, *dtypes;
	uint32_t version;  /* the D level asked for (dversion.h encoding), 0 if none: the latest */
	/* amin: the stability floor of the program's statements, as indexes in dtrace's order
	 * (stabilities Internal 0 .. Standard 7, classes Unknown 0 .. Common 5); the parts the
	 * value leaves out are the highest (dtrace_str2attr) */
	struct dopt_attr {
		bool set;
		int name, data, dep;
	} amin;
	uint64_t set_mask[DOPT_MAX / 64]; /* bit i: table entry i was set explicitly */
};

void dopts_init(struct dopts *o);

/* Set option `name` from `value` (NULL when only the name was given). */
int dopt_set(struct dopts *o, const char *name, const char *value, struct derr *err);

/* Set from "name=value" or "name", as -x gives it. */
int dopt_set_arg(struct dopts *o, const char *xarg, struct derr *err);

/* Whether `name` is an option this table knows. */
bool dopt_known(const char *name);

/* Whether a `#pragma D option name` may set it: dtrace refuses the preprocessor and path
 * options and lockmem inside a program ("Option cannot be used from within a D program");
 * the compiler switches (flags) it applies to the compilation under way. */
bool dopt_pragma_allowed(const char *name);

/* The name of table entry i (alphabetical order), NULL past the last: lets a caller visit
 * every option (main.c reads DTRACE_OPT_NAME environment variables for each). */
const char *dopt_name_at(int i);

/* Whether `name` is one of dtrace's compile-time options (its table's first part: the
 * compiler switches, the preprocessor and path options, version, ...). setopt() may set
 * one while tracing: its value is checked as ever and then changes nothing, the programs
 * being compiled already; a run-time option that sizes or shapes what is loaded is refused
 * instead ("Operation illegal when tracing is active"). */
bool dopt_compile_time(const char *name);

/* Set option `name` as a `#pragma D option` inside a program sets it: refused with "Option
 * cannot be used from within a D program" where dopt_pragma_allowed says so, after the value
 * is checked (dtrace's handlers check the value first), except lockmem, and stdc given a
 * value, whose handlers check where they are first. 0 or -1 with *err, as dopt_set. */
int dopt_set_pragma(struct dopts *o, const char *name, const char *value, struct derr *err);

/* Whether option `name` was set explicitly (on the command line or by a pragma). */
bool dopt_is_set(const struct dopts *o, const char *name);

/* The bytes of a packet pcap() captures at most (its record's data, a pcap file's snaplen),
 * from the pcapsize option as DTrace for Linux reads it: 1514 (an Ethernet frame) when the
 * option was never set; a value set is rounded up to a multiple of 8, and one of 0 or above
 * 65535 counts as 1514, so rounds to 1520 (dtrace -x pcapsize=10 captures 16 bytes, =0 and
 * =70000 the whole 46-byte packet). */
uint32_t dopt_pcapsize(const struct dopts *o);

/* The names of the options set explicitly, in table (alphabetical) order: fills at most `max`
 * entries of names (static strings) and returns how many there are in all. */
int dopt_list_set(const struct dopts *o, const char **names, int max);

/* The current value of `name` as dtrace would accept it back ("4194304", "1000000000ns",
 * "ring", "set"/"unset"), in buf. Returns -1 for an unknown name. */
int dopt_format(const struct dopts *o, const char *name, char *buf, size_t len);
#endif
