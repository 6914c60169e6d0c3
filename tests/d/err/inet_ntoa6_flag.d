/* inet_ntoa6()'s strictness flag picks the code generated: it must be a constant. */
BEGIN
{
	n = 1;
	trace(inet_ntoa6((struct in6_addr *)alloca(16), n));
}
