/* @root */
/* @cpu */
/* An empty action list still records the firing (one line per clause). */
BEGIN
{
}

BEGIN
{
	exit(0);
}
