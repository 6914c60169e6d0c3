/* @opts: -C -x cpppath= */
/* An empty cpppath names no preprocessor: dtrace tries to run "" and reports it not found
 * (observed: dtrace -C -x cpppath= -s this.d). */
BEGIN
{
	exit(0);
}
