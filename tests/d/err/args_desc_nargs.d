/*
 * Each description of a clause is checked against its own probes (dtrace compiles a clause
 * once per description): read has args[2], getpid has no arguments, so the second
 * description's check fails and the message names it. dtrace -s: "index 2 is out of range
 * for syscall::getpid:entry args[ ]".
 */
syscall::read:entry,
syscall::getpid:entry
{
	trace(args[2]);
	exit(0);
}
