/* @root */
/* A dump that is not a multiple of 16 bytes pads its last row. */
#pragma D option quiet

BEGIN
{
	this->p = (uint32_t *)alloca(20);
	this->p[0] = 0x64636261;
	this->p[1] = 0x68676665;
	this->p[2] = 0x6c6b6a69;
	this->p[3] = 0x706f6e6d;
	this->p[4] = 0x74737271;
	tracemem(this->p, 20);
	exit(0);
}
