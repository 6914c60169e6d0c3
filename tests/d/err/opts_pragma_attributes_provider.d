/* #pragma D attributes for a provider no one knows is unused (dtrace -s of this file). */
#pragma D attributes Evolving/Evolving/Common provider nosuchprovider name

BEGIN
{
	exit(0);
}
