/* Assigning to self->a without keys when a is a thread-local associative array: dtrace holds
 * the value against the array's dynamic type (observed: dtrace -s of this script, operands
 * have incompatible types: "associative array" = "string"). */
self int a[int];

BEGIN
{
	self->a = "text"; /* error here */
}
