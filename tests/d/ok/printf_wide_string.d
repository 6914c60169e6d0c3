/* %ls prints a wide string: dtrace takes an array of 4-byte integers (its wchar_t [];
 * an unsigned int array passes too) and prints the elements up to the first zero through
 * the C library's %ls, with the flags, width and precision given. %ws passes the same check
 * but is no C conversion: the C library prints it as written, and so does dtrace
 * (Guide, "Output Formatting": the l prefix; observed with dtrace -qs). */
#pragma D option quiet

int w[4];
unsigned int empty[3];

BEGIN
{
	w[0] = 'H';
	w[1] = 'i';
	w[2] = '!';
	printf("[%ls] [%6ls] [%-6ls] [%.2ls] [%ls]\n", w, w, w, w, empty);
	printf("[%ws]\n", w);
	exit(0);
}
