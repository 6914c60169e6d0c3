/* self->a names a thread-local associative array here: read without keys it is the array's
 * identifier given no keys, held against its key list (observed: dtrace -s of this script,
 * "a[ ] prototype mismatch: 0 keys passed, 2 expected"); a global array named alone is
 * refused as scalar instead. */
BEGIN
{
	self->a[1, "k"] = 1;
}

BEGIN
{
	trace(self->a + 1); /* error here */
}
