/* #line N "FILE" without -C: the messages then name FILE, line N + 1 (dtrace's pcb_filetag). */
BEGIN
{
#line 7 "elsewhere.d"
	x = ;
}
