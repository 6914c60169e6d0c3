/* @opts: -x errtags */
/* A pointer to translated data compared with NULL: dtrace's translated pointer has a dynamic
 * type of its own that no integer matches (DTrace for Linux's message, observed). */
BEGIN { trace(curpsinfo != NULL); exit(0); }
