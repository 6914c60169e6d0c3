/*
 * ++ on an aggregating function's name does not make an int64_t variable (as it does for a new
 * name): the name is the function's. Expected: DTrace for Linux's message.
 */
BEGIN
{
	max++;
}
