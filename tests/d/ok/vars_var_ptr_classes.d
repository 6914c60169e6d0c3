/* @root */
#pragma D option quiet
int *p;
BEGIN { p = (int *)0x1000; this->q = p; self->r = this->q + 1; a["p"] = self->r; printf("%x %x %x %x %d\n", (uint64_t)p, (uint64_t)this->q, (uint64_t)self->r, (uint64_t)a["p"], a["p"] == self->r);
 self->r = 0; printf("%x\n", (uint64_t)self->r); exit(0); }
