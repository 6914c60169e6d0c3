/* @opts: -x errtags */
/* A built-in name called: D_FUNC_IDKIND with dtrace's kind of it, args[] an associative array
 * (uregs[] too), self and this pointers (dtrace -x errtags -e -s call_of_builtin_kinds.d). */
BEGIN
{
	x = args(1);
}
