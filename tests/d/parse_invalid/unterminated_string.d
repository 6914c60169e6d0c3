BEGIN
{
	printf("hello);
}
