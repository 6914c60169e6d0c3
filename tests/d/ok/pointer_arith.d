/* @root */
/* Pointer arithmetic is scaled by the pointee size; pointer difference counts elements;
 * indexing a pointer reads scratch memory. */
#pragma D option quiet

BEGIN
{
	this->q = (uint64_t *)alloca(32);
	this->q[0] = 10;
	this->q[3] = 13;
	this->end = this->q + 4;
	printf("%d %d\n", this->end - this->q, (uintptr_t)this->end - (uintptr_t)this->q);
	printf("%d %d\n", *this->q, *(this->end - 1));
	this->b = (char *)this->q;
	printf("%d\n", (this->b + 8) == (char *)(this->q + 1));
	exit(0);
}
