/*
 * openafs.d — the D library an OpenAFS-shaped server ships (OpenAFS's own is
 * /usr/lib/dtrace/openafs.d): its internal structures as the server lays them out, the
 * stable types its probes' translated arguments have, the translators between them, and
 * afs_errorstr[], its error codes by name. Load it with -L DIR (or install it into
 * usdtrace's library directory).
 */

/* The server's private structures (vlserver.c): scripts never name them. */
struct rx_connection_int {
	int cid;
	uint32_t epoch;
};

struct rxcall_info_int {
	struct rx_connection_int *conn;
	uint32_t ip_raddr_n;		/* caller's IPv4 address, network byte order */
	uint16_t port_n;		/* caller's port, network byte order */
};

struct vlreq_int {
	uint32_t volid;
	int vtype;			/* 0 RW, 1 RO, 2 BACK */
	char volname[65];
};

/* What scripts see. */
typedef struct conninfo {
	string ci_remote;		/* "192.0.2.7", "<unknown>" when the address is not known */
	int ci_port;
	int ci_conn;			/* connection id */
} conninfo_t;

typedef struct volinfo {
	string volname;
	uint32_t volid;
	string voltype;			/* "RW", "RO", "BACK" */
} volinfo_t;

translator conninfo_t < struct rxcall_info_int *rx > {
	ci_remote = rx->ip_raddr_n == 0 ? "<unknown>" : inet_ntoa(&rx->ip_raddr_n);
	ci_port = ntohs(rx->port_n);
	ci_conn = rx->conn->cid;
};

translator volinfo_t < struct vlreq_int *req > {
	volname = stringof(req->volname);
	volid = req->volid;
	voltype = req->vtype == 0 ? "RW" : req->vtype == 1 ? "RO" : req->vtype == 2 ? "BACK" : "?";
};

/* OpenAFS's VL error codes (vl_errors.et), and 0. */
inline string afs_errorstr[int32_t code] =
	code == 0 ? "success" :
	code == 363520 ? "VL_IDEXIST" :
	code == 363521 ? "VL_IO" :
	code == 363522 ? "VL_NAMEEXIST" :
	code == 363523 ? "VL_CREATEFAIL" :
	code == 363524 ? "VL_NOENT" :
	code == 363525 ? "VL_EMPTY" :
	code == 363526 ? "VL_ENTDELETED" :
	code == 363527 ? "VL_BADNAME" :
	code == 363528 ? "VL_BADINDEX" :
	code == 363529 ? "VL_BADVOLTYPE" :
	code == 363546 ? "VL_PERM" :
	code == 363547 ? "VL_NOMEM" :
	"<unknown error>";
