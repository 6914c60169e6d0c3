/* @root */
/* stringof() turns scratch memory holding text into a string. */
#pragma D option quiet

BEGIN
{
	this->p = (char *)alloca(8);
	*(uint64_t *)this->p = 0x0000006f6c6c6568;
	printf("%s\n", stringof(this->p));
	printf("%s\n", stringof("lit"));
	exit(0);
}
