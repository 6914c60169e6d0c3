/* @opts: -q */
/* A typedef may take a name dtrace knows only from the kernel's own types, not from D's:
 * off_t here (observed: dtrace -n 'typedef int off_t; BEGIN { trace(sizeof (off_t)); }'
 * prints 4), where D's own names (uint64_t, size_t, pid_t) are refused (typedef redeclared,
 * err/gendecl_typedef_redecl_d). handle_t, a kernel type too, likewise. */
typedef int off_t;
typedef char handle_t;

BEGIN
{
	printf("%d %d\n", sizeof (off_t), sizeof (handle_t));
	exit(0);
}
