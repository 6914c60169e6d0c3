/* print()'s prototype takes a void *; a stack is not one (dtrace: D_PROTO_ARG). */
BEGIN
{
	print(stack());
}
