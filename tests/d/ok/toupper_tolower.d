/* @root */
#pragma D option quiet

BEGIN
{
	printf("%s\n", toupper("Hello, World 1!"));
	printf("%s\n", tolower("ABC def XYZ_09"));
	printf("[%s]\n", toupper(""));
	exit(0);
}
