/* @root */
#pragma D option quiet

/* An address family or link type inet_ntop()/link_ntop() do not know, constant or only
 * known when running, is an illegal operation (fault 3). */
BEGIN
{
	trace(inet_ntop(7, alloca(16)));
}

BEGIN
{
	t = 7;
	trace(link_ntop(t, alloca(20)));
}

ERROR
{
	printf("fault %d\n", arg4);
}

BEGIN
{
	exit(0);
}
