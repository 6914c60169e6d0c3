BEGIN
{
	trace(nosuchvar);
}
