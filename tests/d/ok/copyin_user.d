/* @root */
/* copyin() reads the firing thread's memory into scratch: in BEGIN that is the tracer, whose
 * return address (ucaller) points at mapped code. Two copies of the same bytes agree, and
 * copyinto() fills a buffer with the same bytes. */
#pragma D option quiet

BEGIN
{
	this->a = *(uint64_t *)copyin(ucaller, 8);
	this->b = *(uint64_t *)copyin(ucaller, 8);
	this->buf = (uint64_t *)alloca(8);
	copyinto(ucaller, 8, this->buf);
	printf("%d %d\n", this->a == this->b, *this->buf == this->a);
	printf("%d\n", strlen(copyinstr(ucaller, 1)) <= 1);
	exit(0);
}
