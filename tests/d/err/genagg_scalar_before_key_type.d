/* @opts: -x errtags */
/* A struct key and a non-scalar sum() argument: dtrace's code generator refuses the argument
 * (D_AGG_SCALAR) before anything looks at the key's type (DTrace for Linux has no check of its
 * own for a struct key: dtrace -n 'BEGIN { @a[*curthread] = count(); }' fails an assertion),
 * so the Guide's refusal of such a key comes after the function's rules (observed:
 * dtrace -x errtags -n 'BEGIN { @a[*curthread] = sum("x"); }'). */
BEGIN
{
	@a[*curthread] = sum("x");
}
