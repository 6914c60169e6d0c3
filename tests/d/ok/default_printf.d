/* @root */
/* @cpu */
/* printf() output follows the record prefix; the record ends with a newline. */
BEGIN
{
	printf("hello");
}

BEGIN
{
	exit(0);
}

END
{
	printf("%s %d", "bye", 2);
}
