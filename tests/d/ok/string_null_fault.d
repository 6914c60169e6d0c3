/* @root */
/* Using D's NULL string as a string reads address 0, a bad address fault, as in dtrace: printing
 * it (trace, printf %s), passing it to a string subroutine, or making it a key. Comparing it,
 * storing it and discarding it are not uses. Expected output: DTrace for Linux's. (A NULL key
 * faults too, but dtrace reports address 0x80 plus the key's position there, which is how its
 * key copy happens to be written: ours says 0x0.) */
#pragma D option quiet

self string s;
string a[int];

BEGIN { trace(self->s); }
BEGIN { printf("%s\n", a[1]); }
BEGIN { trace(strlen((string)0)); }
BEGIN { trace(strjoin("a", strstr("abc", "x"))); }
BEGIN { trace(substr(a[2], 1)); }
BEGIN { this->p = (char *)0; trace(stringof(this->p)); }
BEGIN
{
	strstr("abc", "x");
	self->t = strstr("abc", "x");
	printf("no fault: %d\n", self->t == NULL);
	exit(0);
}

ERROR
{
	printf("clause %d fault %d addr %d\n", arg2, arg4, arg5);
}
