/* @root */
/* alloca() memory is the tracer's scratch space: stores through a pointer into it, bcopy()
 * between two allocations, pointer arithmetic scaled by the pointee size. */
#pragma D option quiet

BEGIN
{
	this->src = (uint32_t *)alloca(16);
	this->src[0] = 1;
	this->src[1] = 20;
	*(this->src + 2) = 300;
	this->src[3] = 4000;
	this->dst = (uint32_t *)alloca(16);
	bcopy(this->src, this->dst, 16);
	printf("%d %d %d %d\n", this->dst[0], this->dst[1], this->dst[2], this->dst[3]);
	printf("%d %d\n", (this->src + 3) - this->src, sizeof (*this->src));
	exit(0);
}
