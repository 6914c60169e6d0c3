/* sizeof (self->x) made self->x an int64_t: assigning a string to it is then a type error
 * (dtrace: operands have incompatible types: "int64_t" = "string"). */
BEGIN
{
	trace(sizeof(self->x));
	self->x = "abc";
}
