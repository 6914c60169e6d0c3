/* @root */
/* @cpu */
/* DTrace for Linux's profile provider stands with 13 probes, profile-97 ... profile-4999 and
 * tick-1 ... tick-5000 (dtrace -l -P profile): no tick-1s or tick-10s, so profile:::tick-1*
 * matches tick-1, tick-10, tick-100 and tick-1000 (dtrace: "matched 5 probes" with BEGIN). */
profile:::tick-1*
{
	trace(probename);
}

BEGIN
{
	exit(0);
}
