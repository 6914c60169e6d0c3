/* An unterminated [ in a probe description is a pattern that matches nothing (dtrace's
 * gmatch fails on it), not a malformed description. Observed with DTrace for Linux:
 *   dtrace -qn 'dtrace:::[B { exit(0); }'
 *   -> probe description dtrace:::[B does not match any probes */
dtrace:::BEGIN[
{
	exit(0);
}
