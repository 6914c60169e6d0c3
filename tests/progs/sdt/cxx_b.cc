/* cxx_b.cc — second user of cxx.h, and main. */
#include <cstdio>
#include "cxx.h"

int b_fn(void)
{
	return shared_inline(2) + twice(3) + static_cast<int>(twice(2.5));
}

int main()
{
	std::printf("%d %d\n", a_fn(), b_fn());
	return 0;
}
