// thrower.cc — a C++ workload whose libstdc++ USDT firings are known exactly, for tests that
// check a tracer's counts against what the program did (tests/sh/usdt_real.sh).
//   thrower THROWS RETHROWS REPORT [GO]
// Throws and catches THROWS exceptions, then RETHROWS more that are each caught, rethrown with
// `throw;` and caught again. libstdc++'s probes (libstdcxx:throw in __cxa_throw,
// libstdcxx:rethrow in __cxa_rethrow, libstdcxx:catch in the personality routine when a handler
// is found) therefore fire: throw THROWS + RETHROWS times, rethrow RETHROWS times,
// catch THROWS + 2 * RETHROWS times. It writes "throws N", "rethrows N", "catches N" to REPORT.
// With GO, it first writes its pid to GO.pid and waits (at most 30 s) for the file GO to exist,
// so a tracer can attach (-p) before it does anything.
// Nothing goes to stdout: a tracer started with -c shares it.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <unistd.h>

// Not inlined, so each throw really goes through __cxa_throw and an unwinder search.
[[gnu::noinline]] static void thrower(long i)
{
	throw std::runtime_error(i % 2 ? "odd" : "even");
}

[[gnu::noinline]] static void rethrower(long i)
{
	try {
		thrower(i);
	} catch (const std::runtime_error &) {
		throw;
	}
}

int main(int argc, char **argv)
{
	if (argc != 4 && argc != 5) {
		std::fprintf(stderr, "usage: thrower THROWS RETHROWS REPORT [GO]\n");
		return 2;
	}
	long throws = std::atol(argv[1]), rethrows = std::atol(argv[2]);
	if (argc == 5) {
		std::string pidfile = std::string(argv[4]) + ".pid";
		std::FILE *p = std::fopen(pidfile.c_str(), "w");
		if (!p || std::fprintf(p, "%ld\n", (long)getpid()) < 0 || std::fclose(p))
			return 1;
		int waited = 0;
		while (access(argv[4], F_OK) != 0) {
			if (++waited > 3000) {
				std::fprintf(stderr, "thrower: no go file after 30 s\n");
				return 3;
			}
			std::this_thread::sleep_for(std::chrono::milliseconds(10));
		}
	}
	long nthrow = 0, nrethrow = 0, ncatch = 0;
	for (long i = 0; i < throws; i++) {
		try {
			nthrow++;
			thrower(i);
		} catch (const std::exception &) {
			ncatch++;
		}
	}
	for (long i = 0; i < rethrows; i++) {
		try {
			nthrow++;
			nrethrow++;
			ncatch++; // the inner catch in rethrower
			rethrower(i);
		} catch (const std::exception &) {
			ncatch++;
		}
	}
	std::FILE *r = std::fopen(argv[3], "w");
	if (!r)
		return 1;
	std::fprintf(r, "throws %ld\nrethrows %ld\ncatches %ld\n", nthrow, nrethrow, ncatch);
	return std::fclose(r) ? 1 : 0;
}
