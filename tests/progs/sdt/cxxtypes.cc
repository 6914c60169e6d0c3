/* cxxtypes.cc — C++-only argument types: enum class with narrow and wide, signed and unsigned
 * underlying types, nullptr, references (plain and to const), an array, char16_t/char32_t,
 * wchar_t, bool, long double, a function pointer. sdt_cxx.sh checks the sizes and signs readelf
 * shows and the values bpftrace reads against the line printed here. */
#include <cstdint>
#include <cstdio>
#include "usdtrace/sdt.h"

enum class Small : std::uint8_t { a = 200 };
enum class Wide : std::int64_t { a = -5000000000LL };
enum class Neg : short { a = -7 };

volatile int in_v = 41;

static int fn(int x) { return x; }

int main()
{
	int v = in_v;
	int &ref = v;
	const unsigned short cus = 65000;
	const unsigned short &cref = cus;
	static char arr[8] = "array";
	Small s = Small::a;
	Wide w = Wide::a;
	Neg n = Neg::a;
	char16_t c16 = u'\u1234';
	char32_t c32 = U'\U0001F600';
	wchar_t wc = L'w';
	bool b = v == 41;
	long double ld = 1.25L;
	int (*fp)(int) = fn;

	USDT(cxxt, enums, s, w, n, ref, cref, b);
	std::printf("enums %u %lld %d %d %u %d\n", static_cast<unsigned>(s),
		static_cast<long long>(w), static_cast<int>(n), ref, cref, b);
	USDT(cxxt, chars, c16, c32, wc, arr, nullptr, fp);
	std::printf("chars %u %u %d\n", static_cast<unsigned>(c16), static_cast<unsigned>(c32),
		static_cast<int>(wc));
	USDT(cxxt, ldbl, ld);
	return fp(0);
}
