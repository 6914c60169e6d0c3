/*
 * A clause of several descriptions is checked against each description's own probes, in
 * order, as dtrace compiles it once per description (Dynamic Tracing Guide, "Program
 * Structure": a clause's descriptions each name probes it is enabled for): read's args[0]
 * exists, BEGIN has none. dtrace -s: "index 0 is out of range for :::BEGIN args[ ]".
 */
syscall::read:entry,
BEGIN
{
	trace(args[0]);
	exit(0);
}
