/* @root */
/* Clause-local variables of several types in one clause. */
#pragma D option quiet

BEGIN
{
	this->c = (char)-3;
	this->u = (uint16_t)65535;
	this->l = 1L << 50;
	this->str = strjoin("ab", "cd");
	printf("%d %d %d %s\n", this->c, this->u, this->l, this->str);
	exit(0);
}
