/* "#pragma D line N \"file\"" names the file too: messages say "file", line N + k (observed) */
#pragma D line 7 "other.d"
BEGIN
{
	nosuchfunc_x();
}
