/* @opts: -x errtags */
/* A $ that starts no macro variable. */
BEGIN
{
	x = $;
}
