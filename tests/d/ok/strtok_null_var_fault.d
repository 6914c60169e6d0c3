/* @root */
/* strtok() given a NULL string that is known only at run time (a NULL string variable, a
 * NULL char pointer, a conditional) faults at address 0 in dtrace as the constant NULL does
 * in a clause that started no string: only strtok(NULL, ...) written as a constant continues
 * the clause's previous string. */
#pragma D option quiet

string s;
string a[string];

BEGIN { x = strtok("a,b,c", ","); y = strtok(NULL, ","); printf("%s %s\n", x, y); }
BEGIN { s = NULL; x = strtok("a,b,c", ","); y = strtok(s, ","); printf("%s %s\n", x, y); }
BEGIN { this->s = (string)NULL; x = strtok("a,b,c", ","); y = strtok(this->s, ","); }
BEGIN { this->p = (char *)NULL; x = strtok("a,b,c", ","); y = strtok(this->p, ","); }
BEGIN { z = 0; x = strtok("a,b,c", ","); y = strtok(z ? "x" : NULL, ","); }
BEGIN { x = strtok("a,b,c", ","); y = strtok(0 ? "x" : NULL, ","); printf("%s %s\n", x, y); }
BEGIN { self->t = "one two"; printf("%s|", strtok(self->t, " ")); self->t = NULL; y = strtok(self->t, " "); }
BEGIN { x = strtok("p-q", "-"); y = strtok(a["none"], "-"); }

ERROR
{
	printf("fault %d at %x\n", arg4, arg5);
}

BEGIN
{
	exit(0);
}
