/* vlserver.c — a small volume-location "server" shaped like OpenAFS's vlserver, to show the
 * translated-probe pattern end to end: it answers a fixed round of GetEntry lookups from a
 * few callers, firing openafs:::GetEntry-start and GetEntry-done with its internal
 * structures (vl_probes.d maps them to conninfo_t and volinfo_t through lib/openafs.d).
 *
 *	vlserver [ROUNDS [DELAY_MS]]   ROUNDS 0: forever (default); DELAY_MS between lookups (20)
 */
#include <arpa/inet.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct rx_connection_int {
	int cid;
	uint32_t epoch;
};

struct rxcall_info_int {
	struct rx_connection_int *conn;
	uint32_t ip_raddr_n;
	uint16_t port_n;
};

struct vlreq_int {
	uint32_t volid;
	int vtype;
	char volname[65];
};

#include "vl_probes.h"

#define VL_NOENT 363524

static const struct { const char *ip; const char *vol; uint32_t id; int type; } calls[] = {
	{ "192.0.2.7", "root.cell", 536870912, 0 },
	{ "198.51.100.23", "user.alice", 536870918, 0 },
	{ "203.0.113.5", "proj.build.readonly", 536870925, 1 },
	{ "0.0.0.0", "no.such.volume", 0, 0 },
};

/* The lookup: volume id 0 is never found. */
static int get_entry(struct rxcall_info_int *rx, struct vlreq_int *req)
{
	OPENAFS_GETENTRY_START(rx, 503, req->volid, req);
	int code = req->volid == 0 ? VL_NOENT : 0;
	OPENAFS_GETENTRY_DONE(rx, code);
	return code;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? atol(argv[1]) : 0;
	long delay = argc > 2 ? atol(argv[2]) : 20;
	struct timespec ts = { delay / 1000, (delay % 1000) * 1000000L };
	for (long r = 0; rounds == 0 || r < rounds; r++) {
		for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
			struct rx_connection_int conn = { (int)i + 1, 1 };
			struct rxcall_info_int rx = { &conn, 0, htons((uint16_t)(7000 + i)) };
			inet_pton(AF_INET, calls[i].ip, &rx.ip_raddr_n);
			struct vlreq_int req = { calls[i].id, calls[i].type, "" };
			snprintf(req.volname, sizeof(req.volname), "%s", calls[i].vol);
			get_entry(&rx, &req);
			nanosleep(&ts, NULL);
		}
	}
	return 0;
}
