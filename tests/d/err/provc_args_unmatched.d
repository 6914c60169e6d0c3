/* @opts: -Z */
/*
 * Under -Z a clause may name probes that do not exist; its args[] then has no types to take,
 * and dtrace refuses it (D_ARGS_MULTI; dtrace -Z -s of this file). -h and -G imply -Z, so a
 * provider file's clause on its own, not yet running, provider's probe meets this too.
 */
nosuch_provider:::request
{
	trace(args[0]);
}
