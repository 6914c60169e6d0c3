/* @opts: -C -x cpppath=/usr/bin/cpp -DVALUE=5 -q */
/* cpppath names the preprocessor to run. */
BEGIN
{
	printf("%d\n", VALUE);
	exit(0);
}
