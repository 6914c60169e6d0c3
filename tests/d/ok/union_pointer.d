/* @root */
/* A union seen through both members: little-endian bytes of a 32-bit value. */
#pragma D option quiet

union word {
	uint32_t w;
	uint8_t b[4];
};

BEGIN
{
	this->u = (union word *)alloca(sizeof (union word));
	this->u->w = 0x04030201;
	printf("%d %d %d\n", this->u->b[0], this->u->b[3], sizeof (union word));
	exit(0);
}
