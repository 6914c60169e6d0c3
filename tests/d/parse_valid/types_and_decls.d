/* declarations between clauses; casts through program-defined types */
typedef struct request {
	int fd;
	const char *path;
	struct { long sec, nsec; } when;
} request_t;

enum state { IDLE, BUSY = 4 };

self request_t *req;
this string name;
string names[int];
uint64_t counts[string, int];
int hits;
extern int errno_value;

pid$1:libapp.so:handle_request:entry
{
	self->req = (request_t *)arg0;
	this->name = stringof(((request_t *)arg0)->path);
	names[pid] = this->name;
	counts[execname, (int)arg1]++;
	hits += sizeof (request_t) + offsetof(request_t, when) + BUSY;
}

pid$1:libapp.so:handle_request:return
/self->req && self->req->when.sec > 0 && !(arg1 & 0x80000000u)/
{
	x = (hits) - 1;
	y = (int) - 1;
	z = *(int *)copyin(arg0, sizeof (int)) >> 2;
	if (arg1 == 0)
		@ok[probemod] = count();
	else if (arg1 < 0) {
		@err[probemod, arg1] = count();
		printf("error %d\n", arg1)
	} else
		;
	self->req = 0
}
