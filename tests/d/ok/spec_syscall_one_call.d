/* @root */
/* @opts: -c /bin/true */
/* A speculation on a system-call probe whose program serves one call: the held record is
 * marked with the clause's own epid (only programs serving many calls read theirs from the
 * probe table at run time; this one once read an unset stack slot and failed to load). */
#pragma D option quiet

syscall::exit_group:entry
/pid == $target/
{
	i = speculation();
	speculate(i);
	printf("held %d %s\n", arg0, probefunc);
}

syscall::exit_group:entry
/pid == $target/
{
	commit(i);
}
