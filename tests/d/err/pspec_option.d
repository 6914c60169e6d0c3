/* @opts: -x pspec */
/* -x pspec: "uint32_t" is read as a probe description, not a type. */
uint32_t x;
