/* @root */
/* A NULL string keeps its NULL-ness when copied between variables of every kind: a global or
 * this-> variable holds NULL, an associative array element or self-> variable is deleted (as
 * storing 0 deletes it), and each reads back as NULL. Assigning a string again makes it a
 * string; "" stays "". Expected output: DTrace for Linux's. */
#pragma D option quiet

string g, h, a[string];

BEGIN
{
	g = (string)0;
	h = g;
	self->x = h;
	a["k"] = self->x;
	this->y = a["k"];
	printf("%d %d %d %d %d\n", g == NULL, h == NULL, self->x == NULL, a["k"] == NULL,
	    this->y == NULL);
	g = "";
	h = g;
	self->x = h;
	a["k"] = self->x;
	this->y = a["k"];
	printf("%d %d %d %d %d\n", g == NULL, h == NULL, self->x == NULL, a["k"] == NULL,
	    this->y == NULL);
	printf("[%s][%s][%s][%s][%s]\n", g, h, self->x, a["k"], this->y);
	g = strstr("abc", "z");
	self->x = strchr("abc", 'z');
	a["k"] = strrchr("abc", 'z');
	printf("%d %d %d\n", g == NULL, self->x == NULL, a["k"] == NULL);
	g = strstr("abc", "b");
	self->x = strchr("abc", 'b');
	a["k"] = strrchr("abc", 'b');
	printf("%s %s %s\n", g, self->x, a["k"]);
	this->p = (char *)0;
	g = this->p;
	self->x = (string)this->p;
	printf("%d %d\n", g == NULL, self->x == NULL);
	h = 1 ? (string)0 : "x";
	g = 0 ? (string)0 : "x";
	printf("%d %d %s\n", h == NULL, g == NULL, g);
	exit(0);
}
