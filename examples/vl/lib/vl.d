/*
 * vl.d — a provider for the toy vlserver (examples/svl/vlserver.c), which has no probes:
 * each probe is a formula over the server's code (docs/formula-providers.md, "User-space
 * formulas"), so a script traces it as if the probes were compiled in:
 *
 *   usdtrace -L examples/vl/lib -s examples/vl/vl_lookups.d -c ./vlserver \
 *       < examples/svl/requests
 *
 *   vl:::lookup-start   a lookup by name begins: the name asked for
 *   vl:::compare        the lookup compares a volume's name with it (each strcmp call)
 *   vl:::lookup-done    the lookup by name ends (each return instruction): found or not
 *   vl:::byid-start     a request by number calls the lookup by number: the volume id
 *   vl:::reply          a request by name is answered: the code returned (0, or VL_NOENT)
 */
provider vl {
	probe lookup__start(string name) =
		pid$target:a.out:FindByName:entry(uintptr_t name) : (copyinstr(name));
	probe compare(string have, string want) =
		pid$target:a.out:FindByName:call-strcmp(uintptr_t have, uintptr_t want) :
		    (copyinstr(have), copyinstr(want));
	probe lookup__done(int found) =
		pid$target:a.out:FindByName:ret(long off, uintptr_t entry) : (entry != 0);
	probe byid__start(int volid) =
		pid$target:a.out:SVL_GetEntryByID:call-FindByID(int volid) : (volid);
	probe reply(int code) =
		pid$target:a.out:SVL_GetEntryByName:return(long off, int code) : (code);
};
