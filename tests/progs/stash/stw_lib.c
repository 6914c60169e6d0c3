/* stw_lib — a probe-carrying library for tests/sh/usdtraced.sh (stwlib:::hit). */
#include <usdtrace/sdt.h>
void stwlib_fn(int x);
void stwlib_fn(int x) { DTRACE_PROBE1(stwlib, hit, x); }
