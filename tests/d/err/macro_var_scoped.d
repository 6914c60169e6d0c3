/* @args: vmlinux */
/* `$1`max_pfn` is one macro variable name, not $1 followed by `max_pfn: dtrace's identifiers
 * include a digit-led scoped name ("1`x"), and no macro variable has that name (observed:
 * dtrace -s this.d vmlinux). */
BEGIN
{
	trace($1`max_pfn);
}
