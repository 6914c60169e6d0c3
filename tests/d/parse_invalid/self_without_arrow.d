BEGIN
{
	self = 1;
}
