// pidcxx.cc — C++ functions as pid probes (tests/sh/pid_cxx.sh): namespaced, overloaded,
// template, member, nested-namespace and extern "C" functions, each called a known number of
// times. Probe functions are shown demangled, as c++filt spells them.
//
//   pidcxx
//
// Prints one line per function, "KEY CALLS", with the test's keys (the test maps each key to
// the function's mangled name, which the Itanium ABI fixes for gcc and clang alike):
//   calc_int      long geo::calc(int)                 1 call
//   calc_ll       long geo::calc(long, long)          2 calls
//   calc_str      long geo::calc(const char *)        3 calls
//   twice_int     int geo::twice<int>(int)            4 calls
//   twice_long    long geo::twice<long>(long)         5 calls
//   volume        long geo::Box::volume() const       6 calls
//   deep          long geo::inner::deep(long)         7 calls
//   plain_c       extern "C" long geo_plain(long)     8 calls
// and "total T", the sum of every return value.
#include <cstdio>
#include <cstring>

#define NOINL __attribute__((noinline))

namespace geo {
NOINL long calc(int a) { return a * 3L; }
NOINL long calc(long a, long b) { return a - b; }
NOINL long calc(const char *s) { return (long)std::strlen(s); }

template <typename T> NOINL T twice(T v) { return v + v; }
template int twice<int>(int);
template long twice<long>(long);

// An aggregate: no constructor, so no C1/C2 constructor symbols match the tests' globs.
struct Box {
	long w, h, d;
	NOINL long volume() const { return w * h * d; }
};

namespace inner {
NOINL long deep(long x) { return x * x; }
} // namespace inner
} // namespace geo

extern "C" NOINL long geo_plain(long x) { return x + 100; }

// Calls through volatile pointers: the compiler cannot inline, clone or fold them away.
static long (*volatile p_calc_int)(int) = geo::calc;
static long (*volatile p_calc_ll)(long, long) = geo::calc;
static long (*volatile p_calc_str)(const char *) = geo::calc;
static int (*volatile p_twice_int)(int) = geo::twice<int>;
static long (*volatile p_twice_long)(long) = geo::twice<long>;
static long (geo::Box::*volatile p_volume)() const = &geo::Box::volume;
static long (*volatile p_deep)(long) = geo::inner::deep;
static long (*volatile p_plain)(long) = geo_plain;

int main()
{
	long total = 0;
	geo::Box box = { 2, 3, 4 };

	for (int i = 0; i < 1; i++) total += p_calc_int(i + 1);
	for (int i = 0; i < 2; i++) total += p_calc_ll(10, i);
	for (int i = 0; i < 3; i++) total += p_calc_str("hello");
	for (int i = 0; i < 4; i++) total += p_twice_int(i);
	for (int i = 0; i < 5; i++) total += p_twice_long(i * 1000L);
	for (int i = 0; i < 6; i++) total += (box.*p_volume)();
	for (int i = 0; i < 7; i++) total += p_deep(i);
	for (int i = 0; i < 8; i++) total += p_plain(i);
	std::printf("calc_int 1\ncalc_ll 2\ncalc_str 3\ntwice_int 4\ntwice_long 5\nvolume 6\n"
		    "deep 7\nplain_c 8\ntotal %ld\n", total);
	return 0;
}
