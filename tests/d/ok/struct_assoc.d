/* @root */
/* An associative array of structs, members assigned one by one (the pattern of the Dynamic
 * Tracing Guide's "Structs and Unions" chapter). */
#pragma D option quiet

struct callinfo {
	uint64_t ts;
	uint64_t elapsed;
	uint64_t calls;
};

struct callinfo info[string];

BEGIN
{
	info["read"].calls = 1;
	info["read"].ts = 100;
	info["read"].calls++;
	info["read"].elapsed = 250 - info["read"].ts;
	printf("%d %d %d\n", info["read"].calls, info["read"].ts, info["read"].elapsed);
	exit(0);
}
