/* @root */
/*
 * A variable takes the type of its first value, and a later incompatible assignment names
 * that type (Guide, "Variables"); a syscall argument's type is the kernel's (write's buf is
 * "char *"), named as dtrace names it, not by any helper name of ours (dtrace:
 *   dtrace -n 'syscall::write:entry { x = args[1]; x = 1; }'
 *   -> operands have incompatible types: "char *" = "int")
 */
syscall::write:entry
{
	x = args[1];
	x = 1;
}
