/* A type written `signed long` keeps that name in dtrace's messages: D has "signed long" as a
 * type of its own beside "long" (dt_open.c's intrinsic types; observed, dtrace 2.0.1). */
signed long int x;

BEGIN
{
	x.a = 1;
}
