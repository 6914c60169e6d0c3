BEGIN
{
	exit(0);
}
} /* error here */
