/* cxx_a.cc — first user of cxx.h; also defines the namespaced semaphore. */
#include "cxx.h"

namespace outer {
USDT_DEFINE_SEMAPHORE(cxx, ns);
}

int a_fn(void)
{
	using namespace outer;
	USDT_WITH_SEMAPHORE(cxx, ns, 1);
	return shared_inline(1) + twice(2) + static_cast<int>(twice(1.5));
}
