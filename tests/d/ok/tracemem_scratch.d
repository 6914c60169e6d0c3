/* @root */
/* tracemem() prints a hex dump whatever the quiet setting (dt_consume.c, dt_print_bytes;
 * documented in src/dout.h). */
#pragma D option quiet

BEGIN
{
	this->p = (uint64_t *)alloca(16);
	this->p[0] = 0x4847464544434241;
	this->p[1] = 0x0a0d000102037f80;
	tracemem(this->p, 16);
	exit(0);
}
