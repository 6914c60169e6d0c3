/* @root */
/* A string key that is not text (the empty string, a control character) prints as a hex dump
 * of dtrace's whole key buffer, strsize + 1 bytes, however short the string (DTrace for Linux,
 * observed: dtrace -x strsize=16 -qn 'BEGIN { @[""] = count(); exit(0); }' dumps 17 bytes). */
#pragma D option quiet
#pragma D option strsize=16
BEGIN
{
	@[""] = count();
	@["\001"] = count();
	@["\001"] = count();
	@["text"] = count();
	exit(0);
}
