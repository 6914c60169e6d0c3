BEGIN
{
	exit(0);
/* the input ends inside the clause: the error is reported after the last line */
