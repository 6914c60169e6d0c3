/* @opts: -x errtags */
/* & of a built-in variable: dtrace's built-ins are dynamic variables, whose address cannot be
 * taken (DTrace for Linux's message for &pid, &curthread, &errno, &arg0, &probefunc alike). */
BEGIN { trace(&curthread); exit(0); }
