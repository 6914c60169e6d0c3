/* @root */
/* A char * given where a string subroutine wants a string is the string it points to (here in
 * alloca()'d memory), as in dtrace. */
#pragma D option quiet

BEGIN
{
	x = (char *)alloca(8);
	y = (char *)alloca(2);
	x[0] = 'a'; x[1] = '/'; x[2] = 'b'; x[3] = 0;
	y[0] = '/'; y[1] = 0;
	printf("%s %s %d %d %d %s\n", basename(x), dirname(x), index(x, y), strlen(x),
	    strstr(x, y) != NULL, strjoin(x, y));
	exit(0);
}
