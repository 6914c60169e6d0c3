/* klib.h — D's kernel-process library: psinfo_t, lwpsinfo_t, cpuinfo_t and their id types
 * (dprocfs.h), the translators from the kernel's struct task_struct
 * (its BTF, kbtf.h), and the inlines curpsinfo, curlwpsinfo and curcpu over curthread, and
 * cwd and root (d_path of the task's fs->pwd and fs->root, as procfs.d has them).
 *
 * Loaded only by programs that name one of those (klib_wanted), before the source that first
 * does: it costs the kernel's BTF, which a program that does not use kernel types never reads.
 *
 * Contract: klib_load parses the library into g as a library (no clauses). 0, or -1 with the
 * error in *err (derr.h). */
#ifndef USDTRACE_KLIB_H
#define USDTRACE_KLIB_H
#include <stdbool.h>
#include <stddef.h>

#include "dparse.h"

bool klib_wanted(const char *text, size_t len);
int klib_load(struct dprog *g, struct derr *err);
#endif
