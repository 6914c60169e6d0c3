// cfi_exc.cc — C++ with exceptions for tests/sh/ustack_cfi.sh: target() called by a destructor
// while an exception unwinds thrower() (its cold landing pad), then from a catch block.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
volatile long sink;
extern "C" __attribute__((noinline)) void target(long n) { sink += n; }
struct Guard { long n; __attribute__((noinline)) ~Guard() { target(n); } };
__attribute__((noinline)) static void thrower(long n) { Guard g{n}; if (n >= 0) throw std::runtime_error("x"); sink++; }
__attribute__((noinline)) void middle(long n) { char buf[64]; snprintf(buf, sizeof buf, "%ld", n); thrower(atol(buf)); }
int main(int argc, char **argv) {
	try { middle(argc); } catch (const std::exception &e) { target(-1); }
	return 0;
}
