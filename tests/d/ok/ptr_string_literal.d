/* A string given to a char pointer (Guide, "Strings": a string assigned to a char * gives the
 * pointer the string's address). A literal's address stays valid for the whole run, as
 * dtrace's literals live in its string table: the pointer set in the first clause still
 * reads "abc" in the second. Every variable class may hold it, and a string made at run time
 * (strjoin) is readable through the pointer in its own clause. dtrace prints, for
 * `char *p; BEGIN { p = "abc"; printf("%s %c\n", stringof(p), *p); exit(0); }`: "abc a". */
#pragma D option quiet
char *p;
self char *sp;
char *a[int];
struct holder { char *m; } h;
char *j;

BEGIN
{
	p = "abc";
	self->sp = "self";
	a[1] = "assoc";
	h.m = "member";
	printf("%s %c %c %c\n", stringof(p), *p, p[1], *(p + 2));
}

BEGIN
{
	printf("%s\n", stringof(p));
	p++;
	printf("%s\n", stringof(p));
	printf("%s %s %s\n", stringof(self->sp), stringof(a[1]), stringof(h.m));
	j = strjoin("jo", "ined");
	printf("%s %c\n", stringof(j), j[2]);
	exit(0);
}
