/* vlserver.c — a toy volume location server shaped like OpenAFS's vlserver, for the pid
 * provider's examples (the .d scripts and README.md here). No network: requests are lines on stdin,
 *     HOST id VOLID        look a volume up by number  (SVL_GetEntryByID)
 *     HOST name VOLNAME    look a volume up by name    (SVL_GetEntryByName)
 * where HOST is the dotted IPv4 address the request "came from". Each request gets an Rx-like
 * call whose connection's peer holds that address, laid out so the seed's scripts reach it by
 * offsets: call + 0x60 -> connection, connection + 0x8 -> peer, peer + 0x8 -> the address
 * (network byte order). The server prints what it served, one line per request.
 *
 *   vlserver [-w GOFILE] < requests
 *
 * With -w it first waits (at most 60 s) for the file GOFILE to exist, so a tracer can attach
 * to it (usdtrace -s example.d `pgrep vlserver`) before it serves anything. */
#include <arpa/inet.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct rx_peer {
	struct rx_peer *next;           /* 0x0 */
	uint32_t host;                  /* 0x8: IPv4 address, network byte order */
	uint16_t port;                  /* 0xc */
};

struct rx_connection {
	struct rx_connection *next;     /* 0x0 */
	struct rx_peer *peer;           /* 0x8 */
	uint32_t cid;
};

struct rx_call {
	char state[0x60];               /* 0x0: what an Rx call keeps before its connection */
	struct rx_connection *conn;     /* 0x60 */
	int32_t error;
};

_Static_assert(offsetof(struct rx_call, conn) == 0x60, "call->conn at 0x60");
_Static_assert(offsetof(struct rx_connection, peer) == 0x8, "conn->peer at 0x8");
_Static_assert(offsetof(struct rx_peer, host) == 0x8, "peer->host at 0x8");

struct vldbentry {
	char name[65];
	int32_t volid;
	int32_t server;
};

#define VL_NOENT 363524

static const struct vldbentry vldb[] = {
	{ "root.afs", 536870912, 1 },
	{ "root.cell", 536870915, 1 },
	{ "user.alice", 536870918, 2 },
	{ "user.bob", 536870921, 2 },
};

#define NOINL __attribute__((noinline))

/* The lookups the SVL_ entry points use (the "some_function" of the generic examples). */
NOINL const struct vldbentry *FindByID(int volid)
{
	for (size_t i = 0; i < sizeof vldb / sizeof vldb[0]; i++)
		if (vldb[i].volid == volid)
			return &vldb[i];
	return NULL;
}

NOINL const struct vldbentry *FindByName(const char *name)
{
	for (size_t i = 0; i < sizeof vldb / sizeof vldb[0]; i++)
		if (strcmp(vldb[i].name, name) == 0)
			return &vldb[i];
	return NULL;
}

NOINL int SVL_GetEntryByID(struct rx_call *call, int volid, int voltype, struct vldbentry *entry)
{
	const struct vldbentry *e = FindByID(volid);

	(void)call;
	(void)voltype;
	if (!e)
		return VL_NOENT;
	*entry = *e;
	return 0;
}

NOINL int SVL_GetEntryByName(struct rx_call *call, const char *name, struct vldbentry *entry)
{
	const struct vldbentry *e = FindByName(name);

	(void)call;
	if (!e)
		return VL_NOENT;
	*entry = *e;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "-w") == 0) {
		for (int waited = 0; access(argv[2], F_OK) != 0; waited++) {
			if (waited > 6000) {
				fprintf(stderr, "vlserver: no %s after 60 s\n", argv[2]);
				return 4;
			}
			struct timespec ten_ms = { 0, 10000000 };
			nanosleep(&ten_ms, NULL);
		}
	} else if (argc != 1) {
		fprintf(stderr, "usage: vlserver [-w GOFILE] < requests\n");
		return 2;
	}
	char line[256], host[64], kind[16], arg[128];
	while (fgets(line, sizeof line, stdin)) {
		if (sscanf(line, "%63s %15s %127s", host, kind, arg) != 3)
			continue;
		struct rx_peer peer = { 0 };
		struct rx_connection conn = { 0 };
		struct rx_call call = { 0 };
		if (inet_pton(AF_INET, host, &peer.host) != 1) {
			printf("bad host %s\n", host);
			continue;
		}
		peer.port = htons(7003);
		conn.peer = &peer;
		call.conn = &conn;
		struct vldbentry entry;
		int code;
		if (strcmp(kind, "id") == 0) {
			int volid = 0;
			sscanf(arg, "%d", &volid);
			code = SVL_GetEntryByID(&call, volid, 0, &entry);
		} else if (strcmp(kind, "name") == 0) {
			code = SVL_GetEntryByName(&call, arg, &entry);
		} else {
			printf("bad request %s\n", kind);
			continue;
		}
		if (code == 0)
			printf("served %s %s to %s: %s %d\n", kind, arg, host, entry.name, entry.volid);
		else
			printf("served %s %s to %s: error %d\n", kind, arg, host, code);
		fflush(stdout);
	}
	return 0;
}
