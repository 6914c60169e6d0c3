/* prov_dof.h — `usdtrace -G -x dof`: what DTrace's `dtrace -G` does, for programs built with
 * `usdtrace -h -x dof`'s header (or dtrace -h's): rewrite the probe calls of the program's
 * objects and write an object carrying their DOF, so both DTrace for Linux and usdtrace trace
 * the program.
 *
 * Contract of prov_dof_write, given the parsed provider file and the program's x86-64 ELF
 * relocatable objects (already checked by prov_object_check_input):
 *  - Each object is rewritten in place. A call `call __dtrace_PROV___PROBE` (a relocation of
 *    type PLT32 or PC32 against that undefined symbol, at a 0xe8 call, or 0xe9 tail jump)
 *    becomes five one-byte nops (a tail jump: `ret` and four nops) and its relocation
 *    R_X86_64_NONE against no symbol, the probe function's symbol becoming weak and hidden
 *    (nothing refers to it any more): the site, whose arguments are where the call left them. A call `call __dtraceenabled_PROV___PROBE` stays a call: the output defines that
 *    function. As with dtrace -G, an object is rewritten once: -G again on the same object
 *    finds only its is-enabled calls. Every
 *    function holding sites gets a hidden global alias (`__usdtrace_dof.KEY.N.FUNC`, appended
 *    to the symbol table) that the DOF's relocations name, so static functions work too.
 *  - The output (written to fd) is `ld -r` ($LD, else ld) of two objects, its DOF symbol
 *    then made local (`objcopy --localize-symbol`, $OBJCOPY else objcopy) so that objects of
 *    several provider files link into one program: one with the DOF
 *    (.SUNW_dof, version 2: per provider a string table, probes, argument mappings, offsets,
 *    is-enabled offsets, the provider, and relocations of each probe's function address, which
 *    .rela.SUNW_dof resolves at link time as dtrace -G's objects do), the semaphores (.probes,
 *    one 2-byte counter per probe: the kernel's uprobe reference counter), the is-enabled
 *    functions (each stores 1 through its argument when the probe's semaphore is non-zero),
 *    usdtrace's type note (usdt_typenote.h, including each probe's semaphore address); and
 *    rt/dof_register.c's object, which hands the DOF to DTrace's helper device at load.
 *  - Errors (-1, message in *err): objects for another machine, a probe call whose symbol
 *    names no probe of the provider file, a call site that is not a call, a site outside every
 *    function, objects with extended section indexes, libelf or ld failures. An object may
 *    then have been rewritten already (dtrace -G behaves the same); it stays a valid object
 *    with the same probe sites. */
#ifndef USDTRACE_PROV_DOF_H
#define USDTRACE_PROV_DOF_H
#include <stddef.h>

#include "dparse.h"

/* rt/dof_register.c compiled (build/gen/dof_rt_obj.c). */
extern const unsigned char prov_dof_rt_obj[];
extern const size_t prov_dof_rt_obj_size;

int prov_dof_write(const struct dprog *g, char *const *objects, int nobjects, int fd,
		   const char *script, struct derr *err);
#endif
