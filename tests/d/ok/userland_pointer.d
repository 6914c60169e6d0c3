/* @root */
/* Pointers into the traced process are read from that process (here the tracer itself, in
 * BEGIN): the word at the user stack pointer is ucaller (docs/cg.md), read through a plain
 * pointer, a `userland` pointer (dt_grammar.y: a type specifier marking user-space types) and a
 * struct member. A bad user address is a run-time fault, not a crash. */
#pragma D option quiet

struct frame {
	uint64_t ret;
};

BEGIN
{
	this->sp = uregs[R_SP];
	printf("%d %d\n", *(uint64_t *)this->sp == ucaller,
	    *(userland uint64_t *)this->sp == ucaller);
	printf("%d\n", ((userland struct frame *)this->sp)->ret == ucaller);
}

BEGIN
{
	x = *(userland int *)16;
}

BEGIN
{
	exit(0);
}
