/* dversion.h — D language versions (the `version` option, -xversion=N): what a level hides.
 *
 * A version is encoded as dtrace encodes it, major << 24 | minor << 12 | micro (2.0.1 is
 * 0x02000001), the value of the preprocessor's __SUNW_D_VERSION. Each built-in identifier
 * (subroutine, action, aggregating function, variable) belongs to the version that introduced
 * it; a program compiled at a lower level does not see it: it is an undefined function or an
 * unknown variable there, in dtrace's words (usdtrace(1), "version"). Identifiers the
 * table does not name are D 1.0's. */
#ifndef USDTRACE_DVERSION_H
#define USDTRACE_DVERSION_H
#include <stdbool.h>
#include <stdint.h>

#define DVERSION(maj, min, mic) ((uint32_t)(maj) << 24 | (uint32_t)(min) << 12 | (uint32_t)(mic))
/* the level a program has when no version is asked for: dtrace's latest, D 2.0.1 */
#define DVERSION_LATEST DVERSION(2, 0, 1)

/* A version string to its encoding, read as dtrace's dt_version_str2num does: digits and at
 * most two dots, a missing part 0 ("1" is 1.0.0, "" 0.0.0, "2..1" 2.0.1); -1 for any other
 * character, a third dot, or a part above 255 (major) or 4095. Whether dtrace defines that
 * version is the caller's question. */
int dversion_parse(const char *s, uint32_t *out);

/* The version that introduced built-in identifier name (D 1.0 for any other name). */
uint32_t dversion_of(const char *name);

/* Whether a program at level (0: DVERSION_LATEST) does not see built-in identifier name. */
bool dversion_hides(uint32_t level, const char *name);

#endif
