/* A char array is a string, not a wide string: %ls refuses it as it refuses a string
 * (observed: dtrace -n 'BEGIN { printf("%ls", curthread->comm); }'). */
BEGIN
{
	printf("%ls\n", curthread->comm);
}
