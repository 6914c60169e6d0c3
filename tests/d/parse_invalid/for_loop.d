BEGIN
{
	for (;;) ;
}
