/* @opts: -x errtags */
/* With -x errtags each compile error carries libdtrace's tag for its kind; here the type
 * checker's prototype-length error. */
BEGIN
{
	trace(strlen("a", "b"));
}
