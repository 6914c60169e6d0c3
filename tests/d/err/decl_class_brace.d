/* A storage class followed by `{`: no declaration continues so, a syntax error at the `{`
 * (dtrace's grammar; observed). */
static {
}
