/* An expression whose type is a bit-field's is a bit-field to sizeof (DT_NF_BITFIELD follows
 * the type, dt_node_type_assign): int a:5 ranks above uint8_t b:1, so a + b has a's 5-bit
 * type and sizeof refuses it, as it refuses -a and a << 1 (dtrace's message, observed;
 * issue 20). */
struct gst {
	int a : 5;
	uint8_t b : 1;
} st;

BEGIN
{
	trace(sizeof (st.a + st.b));
}
