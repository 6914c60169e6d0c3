#include "inc/bad_types.h"
provider p { probe a(struct good *); };
