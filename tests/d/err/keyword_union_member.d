/* A keyword as a union member: dtrace's syntax error at the word. */
union u {
	int a;
	char xlate;
};

BEGIN
{
	exit(0);
}
