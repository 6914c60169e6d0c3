/* quantize(value[, increment]): a third argument (dt_cc.c, D_PROTO_LEN). */
BEGIN
{
	@ = quantize(1, 2, 3);
}
