/* copyin() takes its bytes from the clause's alloca() memory: a constant size beyond the
 * scratchsize can never succeed and is refused when compiling, in alloca()'s words (dtrace
 * says so for copyin(ucaller, 300) with the default scratchsize of 256). */
BEGIN
{
	p = copyin(ucaller, 300);
}
