/* @opts: -x errtags */
/* A kernel symbol indexed (`sym[i]) is the symbol's object indexed, never an associative
 * array: a symbol the kernel does not have fails to resolve, as `sym alone does (DTrace for
 * Linux's message, observed); usdtrace took it for an undeclared associative array. */
BEGIN { trace(`usdtrace_no_such_symbol[0]); exit(0); }
