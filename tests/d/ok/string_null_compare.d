/* @root */
/* D's NULL string is not "": a string value is NULL when nothing was stored (a missing element of
 * an associative array or self-> variable), when NULL or a NULL char * was made a string, or when
 * strstr(), strchr(), strrchr() or strtok() find nothing. dtrace compares two strings by their
 * characters, and by their pointers when either is NULL: NULL equals only NULL and sorts below
 * every string, "" included. A global or this-> string never assigned is "" (its storage), not
 * NULL. Expected output: DTrace for Linux's. */
#pragma D option quiet

string g, a[int];
this string t;
self string u;

BEGIN
{
	printf("literal: %d %d %d\n", "" == NULL, "" != NULL, NULL == "");
	printf("unassigned global: %d %d\n", g == NULL, g == "");
	printf("unassigned this: %d %d\n", this->t == NULL, this->t == "");
	printf("missing element: %d %d\n", a[1] == NULL, a[1] == "");
	printf("missing self: %d\n", self->u == NULL);
	printf("(string)0: %d %d %d\n", (string)0 == NULL, (string)0 == "", (string)0 == (string)0);
	this->p = (char *)0;
	printf("(string)NULL char *: %d\n", (string)this->p == NULL);
	printf("not found: %d %d %d %d\n", strstr("abc", "x") == NULL, strchr("abc", 'x') == NULL,
	    strrchr("abc", 'x') == NULL, strtok("abc", "abc") == NULL);
	printf("found: %d %d %d %d\n", strstr("abc", "c") == NULL, strchr("abc", 'a') == NULL,
	    strrchr("abc", 'c') == NULL, strtok("abc", "b") == NULL);
	printf("found at the end: %d %d\n", strchr("abc", 0) == NULL, strstr("abc", "") == NULL);
	printf("order: %d %d %d %d\n", (string)0 < "", (string)0 > "", "" > (string)0,
	    (string)0 <= (string)0);
	x = "a";
	printf("against NULL: %d %d %d %d\n", x > NULL, x < NULL, x >= NULL, x != 0);
	printf("NULL vs NULL: %d %d\n", strstr("a", "b") == a[7], strstr("a", "b") != a[7]);
	printf("char array: %d %d\n", execname == curthread->comm, curthread->comm != "x");
	exit(0);
}
