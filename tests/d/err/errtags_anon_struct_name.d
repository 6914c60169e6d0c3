/* @opts: -x errtags */
/* An anonymous struct is named "struct " in messages, as CTF names it for dtrace. */
struct {
	int a;
} arg;

BEGIN
{
	pcap(arg, 0);
}
