/* @opts: -x errtags */
/* long long double names no type: libdtrace looks the spelled name up and fails. */
long long double x;
BEGIN { exit(0); }
