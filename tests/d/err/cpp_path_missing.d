/* @opts: -C -x cpppath=/nonexistent/zq/cpp */
/* A cpppath that names no program: dtrace's "Preprocessor not found". */
BEGIN
{
	exit(0);
}
