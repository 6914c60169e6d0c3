/* cxx.h — probes in C++ code the compiler emits more than once: an inline function and a
 * function template, both used from cxx_a.cc and cxx_b.cc. The linker keeps one copy of each
 * (COMDAT); the test checks the notes follow: one note per surviving site, none pointing into a
 * discarded copy. */
#ifndef CXX_H
#define CXX_H
#include "usdtrace/sdt.h"

inline int shared_inline(int x)
{
	USDT(cxx, inl, x);
	return x + 1;
}

template <typename T> T twice(T v)
{
	USDT(cxx, tmpl, v);
	return v + v;
}

namespace outer {
USDT_DECLARE_SEMAPHORE(cxx, ns);  /* declared in a namespace: the asm label keeps the name */
}

int a_fn(void);
int b_fn(void);
#endif
