/* @opts: -x errtags */
/* Functions over kernel objects are not implemented, but a call is still checked against
 * dtrace's prototype first: a wrong argument count is D_PROTO_LEN. */
BEGIN
{
	mutex_owned(0, 99);
}
