/* @opts: -x errtags */
/* A printf() used as a value is void: the outer format refuses it before the inner format
 * (empty) is looked at. */
BEGIN
{
	printf("%d", printf(""));
}
