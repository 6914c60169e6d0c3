/* @opts: -x errtags */
/* A function pointer type written in D is named "function pointer" in dtrace's messages:
 * dtrace keeps one type for every such pointer (DTrace for Linux's message, observed). */
BEGIN { x = (int (*)(int))0; x = 1; exit(0); }
