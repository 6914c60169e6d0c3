/* @root */
/* @args: fld pr_pid */
/* A macro argument names a member after -> (the Guide, "Macro Arguments": trace(x->$1) "with
 * an identifier macro argument"): self->$1, this->$1 and a struct's member. */
#pragma D option quiet

BEGIN
{
	self->$1 = 3;
	this->$1 = 4;
	printf("%d %d %d\n", self->$1, this->$1, curpsinfo->$2 == pid);
	exit(0);
}
