#define LockMode int
provider p { probe a(LockMode); };
