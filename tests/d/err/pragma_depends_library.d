/* A program run by the tracer is a main program: only a D library may depend on another
 * library. */
#pragma D depends_on library net.d

BEGIN
{
	exit(0);
}
