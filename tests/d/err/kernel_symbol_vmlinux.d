/* vmlinux`sym: the kernel's own module named; the same "Unknown symbol name" as `sym (observed:
 * dtrace -n 'BEGIN { trace(vmlinux`max_pfn); }' on this kernel, whose kallsyms has no data
 * symbols). */
BEGIN
{
	trace(vmlinux`nosuchsym_xyz);
}
