/* @root */
/* A string * into alloca()'d memory (big enough for a string: sizeof (string) bytes) holds a
 * string: *p = s stores it, *p reads it back (tests/d/cli/faults.sh: memory too small for it
 * faults). */
#pragma D option quiet
#pragma D option strsize=16

BEGIN
{
	p = (string *)alloca(sizeof (string));
	*p = "hello";
	printf("%s %d\n", *p, strlen(*p));
}

BEGIN
{
	exit(0);
}
