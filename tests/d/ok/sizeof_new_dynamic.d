/* @opts: -q */
/* sizeof of a dynamic variable no clause has assigned yet declares it, as ++ does: an int64_t
 * (dtrace: sizeof (self->x), sizeof (this->y), sizeof (a[1]), sizeof (self->b["k"]) are 8, and
 * self->x then prints as the 0 of an int64_t). The operand is not evaluated (Guide: "sizeof
 * Operator"). */
BEGIN
{
	printf("%d %d %d %d\n", sizeof(self->x), sizeof(this->y), sizeof(a[1]),
	    sizeof(self->b["k"]));
	trace(self->x);
	exit(0);
}
