/* @root */
/* @opts: -x strsize=4 */
#pragma D option quiet

/* Strings of at most 4 characters: literals, joins, variables of every kind, numbers. */
BEGIN
{
	g = "abcdefg";
	this->l = strjoin("xy", "zwv");
	self->t = lltostr(-98765);
	a[1] = substr("hello", 1);
	printf("[%s] [%s] [%s] [%s]\n", g, this->l, self->t, a[1]);
	printf("[%s] [%s] [%s]\n", lltostr(123456), toupper("abcdef"), g + 1);
	printf("%d %d\n", strlen(g), strlen(strjoin(g, g)));
	exit(0);
}
