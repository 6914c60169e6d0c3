/* #pragma D attributes naming the program's own identifier, declared before or after it, or a
 * part of a provider the command knows, is accepted; "#pragma D" with no directive is
 * ignored; words after the attribute's part are ignored (dtrace -s of this file). */
#pragma D option quiet
#pragma D
#pragma D attributes Evolving/Evolving/Common later
#pragma D attributes Stable/Stable/Common provider dtrace name extra words
int before;
#pragma D attributes Evolving/Evolving/Common before
inline int later = 3;

BEGIN
{
	printf("%d\n", later);
	exit(0);
}
