/* @opts: -x errtags */
/* The keys of an associative array are "keys" in its messages. */
BEGIN
{
	x[1, "a"] = 1;
	x[1, 2] = 2;
}
