/* dopt.h — dtrace's options (`-x name[=value]`, `#pragma D option name[=value]`, and the
 * command-line letters that are options: -q -w -Z -F -C -b): the table of names, parsing of
 * each option's value, and the parsed values with their defaults.
 *
 * Contract:
 * - dopts_init fills every field with dtrace's default. dopt_set / dopt_set_arg parse one
 *   option; on success the field changes and the option is marked explicitly set (0 returned);
 *   on failure nothing changes, -1 is returned and errbuf holds dtrace's reason alone:
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
 *   numbers, leading blanks, values that overflow 64 bits, sizes and times of zero.
 * - Names are exact (case-sensitive). Options dtrace has that only make sense with its kernel
 *   or its compiler internals (amin, core, ctypes, tree, iregs, libdir, ...) are unknown here. */
#ifndef USDTRACE_DOPT_H
#define USDTRACE_DOPT_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum dopt_bufpolicy { DOPT_BUFPOLICY_SWITCH, DOPT_BUFPOLICY_FILL, DOPT_BUFPOLICY_RING };
enum dopt_bufresize { DOPT_BUFRESIZE_AUTO, DOPT_BUFRESIZE_MANUAL };

struct dopts {
	/* sizes, in bytes */
	uint64_t aggsize, bufsize, dynvarsize, jstackstrsize, scratchsize, specsize, strsize;
	/* times, in nanoseconds (a rate given in hz is stored as its period) */
	uint64_t aggrate, cleanrate, statusrate, switchrate;
	/* integers; cpu is -1 for "every CPU" */
	int64_t aggsortkeypos, aggsortpos, cpu, jstackframes, nspec, stackframes, stackindent,
		ustackframes;
	enum dopt_bufpolicy bufpolicy;
	enum dopt_bufresize bufresize;
	/* run-time switches */
	bool agghist, aggpack, aggsortkey, aggsortrev, aggzoom, destructive, flowindent, grabanon,
		quiet, rawbytes, temporal;
	/* compile-time switches; verbose shows the BPF verifier log */
	bool aggpercpu, argref, cpp, defaultargs, empty, errtags, knodefs, nolibs, pspec, unodefs,
		verbose, zdefs;
	uint64_t set_mask; /* bit i: table entry i was set explicitly (see dopt_list_set) */
};

void dopts_init(struct dopts *o);

/* Set option `name` from `value` (NULL when only the name was given). */
int dopt_set(struct dopts *o, const char *name, const char *value, char *errbuf, size_t errlen);

/* Set from "name=value" or "name", as -x gives it. */
int dopt_set_arg(struct dopts *o, const char *xarg, char *errbuf, size_t errlen);

/* Whether `name` is an option this table knows. */
bool dopt_known(const char *name);

/* The names of the options set explicitly, in table (alphabetical) order: fills at most `max`
 * entries of names (static strings) and returns how many there are in all. */
int dopt_list_set(const struct dopts *o, const char **names, int max);

/* The current value of `name` as dtrace would accept it back ("4194304", "1000000000ns",
 * "ring", "set"/"unset"), in buf. Returns -1 for an unknown name. */
int dopt_format(const struct dopts *o, const char *name, char *buf, size_t len);
#endif
