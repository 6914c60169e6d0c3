/* A quote ends a control-line word: strsize= is one word and "32" another, too many for #pragma option.
 * (observed: dtrace -x errtags -s pragma_option_value_string.d) */
/* @opts: -x errtags */
#pragma D option strsize="32"
BEGIN
{
	exit(0);
}
