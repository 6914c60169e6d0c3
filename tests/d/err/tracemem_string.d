/* tracemem() takes a pointer or an integer; a string is neither (dt_node_is_pointer() is false
 * for strings, which "are pass-by-ref but act like structs"; dt_cc.c dt_action_tracemem:
 * D_TRACEMEM_ADDR). */
BEGIN
{
	s = "ABCDEFGHIJKLMNOPqrst";
	tracemem(s, 20); /* error here */
}
