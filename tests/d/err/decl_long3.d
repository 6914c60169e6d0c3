/* @opts: -x errtags */
/* Three longs: libdtrace names the type from the specifiers (all three) and finds none. */
long long long x;
BEGIN { exit(0); }
