/* dcpp.h — `-C`: run the C preprocessor over a D source file.
 *
 * Contract: dcpp_run runs `cpp` (from PATH; `gcc -E` if there is no cpp) as
 *   cpp -x c <usdtrace's predefined macros> -fno-diagnostics-show-caret -iquote DIR-OF-FILE <cppargs in order> /dev/stdin  <FILE
 * (FILE's first line blanked when it is "#!...", so an executable script can be run) and
 * returns its output (with `# LINE "file"` markers, which dlex honours) in a malloc'd buffer,
 * or NULL with the error in *err (derr.h, no tag): "failed to open FILE: ..." or cpp that
 * cannot be run (DERR_ALONE), or DCPP_FAILED when cpp fails (DERR_SOURCE, the script's error;
 * cpp's own messages, "/dev/stdin:LINE:COL: error: ...", go to our stderr, as dtrace's do).
 * cpp keeps its own predefined macros except __GNUC__
 * (-U__GNUC__, as dtrace: system headers then avoid GCC extensions), and we add what D
 * programs test: __SVR4, __Linux, __linux, __linux__, __unix, __unix__, __x86_64,
 * __x86_64__, __amd64, __amd64__, _LP64, __LP64, __LP64__, __SUNW_D=1, __SUNW_D_64,
 * __SUNW_D_VERSION (the program's D level, dversion.h's 0xMMmmmuuu encoding: the `version`
 * option's, else dtrace's latest, 0x02000001), __usdtrace=1 (dtrace predefines __SUNW_D*, so provider files written
 * for it keep working). */
#ifndef USDTRACE_DCPP_H
#define USDTRACE_DCPP_H
#include <stddef.h>
#include <stdint.h>

#include "derr.h"

extern const char DCPP_FAILED[]; /* "Preprocessor failed to process input program" */

/* cpppath: the preprocessor to run instead of cpp (the cpppath option; no gcc -E fallback):
 * when it cannot be found, "Preprocessor not found" (DERR_SOURCE), as dtrace says. */
char *dcpp_run(const char *file, const char *cpppath, const char *const *cppargs, int ncppargs,
	       uint32_t dversion, size_t *lenp, struct derr *err);
#endif
