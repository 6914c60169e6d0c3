/* @opts: -x errtags */
/* A kernel lock subroutine's call is checked against dtrace's prototype: a wrong argument
 * count is D_PROTO_LEN. */
BEGIN
{
	mutex_owned(0, 99);
}
