/* @root */
#pragma D option quiet

/* A char pointer where a string subroutine wants a string (prototype const char *) stands
 * for the characters it points to: here alloca()'d memory. */
BEGIN
{
	x = (char *)alloca(8);
	x[0] = 'a'; x[1] = '/'; x[2] = 'b'; x[3] = 0;
	y = (char *)alloca(2);
	y[0] = '/'; y[1] = 0;
	printf("%d %s %s %d %d\n", strlen(x), basename(x), dirname(x), index(x, y), rindex(x, y));
	printf("%s %s %s %s\n", strjoin(x, y), strstr(x, y), substr(x, 1), toupper(x));
	printf("%s %s\n", strchr(x, '/'), cleanpath(x));
	exit(0);
}
