/* dtrace 2.0.1 -G segfaults on a provider definition beside a clause (a dtrace bug);
 * the Guide lets a D program hold both, and -G compiles the clause as tracing would. */
provider p {
	probe a();
};
syscall::read:entry
{
}
