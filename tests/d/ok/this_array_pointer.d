/* A pointer to a clause-local variable's bytes (&this->a[3], this->a + 1) reads and writes
 * that variable, as in dtrace, whose this-> variables are memory D may point into; only
 * memory outside the variables and alloca() space faults. Expected output: DTrace for
 * Linux's for the reads (`dtrace -s` of this file without the store); the store through the
 * pointer its verifier refuses ("Permission denied"), where the Guide's pointers to D
 * variables may be written through. */
#pragma D option quiet

this int a[4];

BEGIN
{
	this->a[3] = 9;
	this->a[1] = 4;
	printf("%d\n", *(&this->a[3]));
	this->p = &this->a[0];
	printf("%d %d\n", this->p[1], *(this->p + 3));
	*(this->p + 2) = 6;
	printf("%d\n", this->a[2]);
	exit(0);
}
