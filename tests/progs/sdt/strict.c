/* strict.c — the header under strict warnings (see sdt_compile.sh): included twice, inside
 * extern "C" in C++, with every macro form, in C and C++ at several -std levels. */
#ifdef __cplusplus
extern "C" {
#endif
#include "usdtrace/sdt.h"
#include "usdtrace/sdt.h"
#ifdef __cplusplus
}
#endif
USDT_DECLARE_SEMAPHORE(p, s);
USDT_DEFINE_SEMAPHORE(p, s);
unsigned char u = 3; short sh = -3; float f = 2.5f; const char *str = "x";
int main(int argc, char **argv) {
 USDT(p, a, u, sh, f, argv, argv[0], str, argc); USDT_GUARDED(p, s, argc); USDT_WITH_SEMAPHORE(p, s); DTRACE_PROBE(p, z);
 return DTRACE_PROBE_ENABLED(p, s); }
