/* @root */
/* Casts between integer types truncate, then sign- or zero-extend by the target type. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", (int)3000000000);
	printf("%u\n", (uint32_t)-1);
	printf("%d\n", (int64_t)(uint32_t)-1);
	printf("%u\n", (uint64_t)(int32_t)-1);
	printf("%d\n", (int16_t)(uint8_t)-1);
	printf("%d\n", (int8_t)(int16_t)0x1280);
	x = 0x123456789a;
	printf("%x %x %x\n", (uint32_t)x, (uint16_t)x, (uint8_t)x);
	exit(0);
}
