/*
 * vl_probes.d — the provider file of the example volume-location server, shaped as OpenAFS
 * declares its vlserver probes: the native arguments are the server's internal structures
 * (struct rxcall_info_int, struct vlreq_int: their layouts are private), the translated
 * arguments (after the colon) are the stable types users write scripts against. The
 * translators from one to the other ship in lib/openafs.d, the D library OpenAFS would
 * install next to usdtrace's own.
 *
 *	usdtrace -h -L lib -s vl_probes.d -o vl_probes.h
 *	usdtrace -G -L lib -s vl_probes.d -o vl_probes.o vlserver.o
 */
provider openafs {
	/* a lookup arrives: args[0] the RPC, args[1] the caller, args[2] the volume id asked
	 * for, args[3] the request */
	probe GetEntry__start(struct rxcall_info_int *rx, int op, uint32_t volid,
	    struct vlreq_int *req) : (int op, conninfo_t *rx, uint32_t volid, volinfo_t *req);
	/* it is answered: args[0] the status (an OpenAFS error code, 0 for success), args[1]
	 * the caller */
	probe GetEntry__done(struct rxcall_info_int *rx, int code) : (int code, conninfo_t *rx);
};
