/* A pointer to void indexed, E1[E2], is *(E1 + E2) (Guide, "Pointers and Arrays"), and the
 * + takes no pointer to void: D_OP_INCOMPAT naming the operands, as vp + 1 does, not "cannot
 * dereference pointer to void" (dtrace -x errtags -s on this file). */
/* @opts: -x errtags */
void *vp;

BEGIN
{
	trace(vp[1]);
}
