/* dctf.h — the compiler's types written as CTF, the Compact C Type Format dtrace keeps its
 * types in (-x ctypes=FILE, -x dtypes=FILE, or their pragmas), through binutils' libctf.
 *
 * Contract:
 * - dctf_write_c writes dtrace's "C" container: C's intrinsic types (void, the integer types
 *   with char and _Bool, float, double, long double) and pointers to void, char and int.
 * - dctf_write_d writes the "D" container: every type named in the program's scopes, outermost
 *   (D's built-in typedefs: int8_t .. uint64_t, size_t, string, ...) to innermost (what the D
 *   libraries and the program declared: typedefs, structs, unions, enums), with every type
 *   they refer to, so the file stands alone (dtrace's D container names the C container as
 *   its parent instead). A struct without a body is a forward declaration.
 * - The file is truncated and rewritten each time, as dtrace rewrites it after each
 *   compilation. 0, or -1 with the reason in err (DTAG_NONE). */
#ifndef USDTRACE_DCTF_H
#define USDTRACE_DCTF_H
#include "derr.h"
#include "dtype.h"

int dctf_write_c(struct dtype_ctx *ctx, const char *path, struct derr *err);
int dctf_write_d(struct dtype_ctx *ctx, const char *path, struct derr *err);
#endif
