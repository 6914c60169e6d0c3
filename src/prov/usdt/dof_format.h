/* dof_format.h — the parts of DTrace's Object Format (DOF) that describe user-space providers,
 * as `dtrace -G` writes them into an ELF section `.SUNW_dof` (type SHT_SUNW_dof): byte offsets
 * and sizes of the on-disk records, written from the format's description (DTrace's dof.h and
 * the Dynamic Tracing Guide), read and written field by field so that no structure is ever laid
 * over untrusted bytes. Shared by the reader (usdt_dof.c) and the writer (`-G -x dof`,
 * src/provc/prov_dof.c).
 *
 * A DOF blob: a 64-byte header, then sections anywhere inside it, described by a table of
 * section headers (32 bytes each). All integers are in the byte order of the header's encoding
 * byte; only little-endian LP64 DOF (x86-64, aarch64) is read or written here.
 *
 *   header   ident[16] (magic "\177DOF", model, encoding, version, DIF version, DIF integer and
 *            tuple registers, zero padding), flags u32, hdrsize u32, secsize u32, secnum u32,
 *            secoff u64, loadsz u64, filesz u64, pad u64
 *   section  type u32, align u32, flags u32 (1: loadable), entsize u32, offset u64, size u64
 *   provider (PROVIDER) strtab, probes, prargs, proffs: section indexes; name: string index;
 *            five attributes u32; prenoffs: section index (absent in version 1: 40 bytes)
 *   probe    (PROBES, entsize 48) addr u64 (the function's address, relocated by the linker),
 *            func, name, nargv, xargv: string indexes; argidx, offidx u32; nargc, xargc u8;
 *            noffs u16; enoffidx u32; nenoffs u16; pad u16, u32
 *   PRARGS   u8 per translated argument: the native argument it is made from
 *   PROFFS, PRENOFFS  u32 offsets of the probe's sites (is-enabled sites) from addr
 *   URELHDR  strtab, relsec (RELTAB), tgtsec: section indexes
 *   RELTAB   (entsize 24) name: string index, type u32 (1: SETX, add the load base), offset u64
 *            into the target section, data u64
 * A string index is a byte offset into a STRTAB section, whose last byte is NUL.
 */
#ifndef USDTRACE_DOF_FORMAT_H
#define USDTRACE_DOF_FORMAT_H

#define DOF_SECTION_NAME  ".SUNW_dof"
#define DOF_SHT_SUNW_DOF  0x6ffffff4u   /* SHT_SUNW_dof: SHT_LOOS + 0xffffff4 */

#define DOF_MAGIC         "\177DOF"
#define DOF_ID_MODEL      4
#define DOF_ID_ENCODING   5
#define DOF_ID_VERSION    6
#define DOF_ID_DIFVERS    7
#define DOF_ID_DIFIREG    8
#define DOF_ID_DIFTREG    9
#define DOF_MODEL_LP64    2
#define DOF_ENCODE_LSB    1
#define DOF_VERSION_MIN   1
#define DOF_VERSION_MAX   3

#define DOF_HDR_SIZE      64
#define DOF_HDR_FLAGS     16
#define DOF_HDR_HDRSIZE   20
#define DOF_HDR_SECSIZE   24
#define DOF_HDR_SECNUM    28
#define DOF_HDR_SECOFF    32
#define DOF_HDR_LOADSZ    40
#define DOF_HDR_FILESZ    48

#define DOF_SEC_SIZE      32
#define DOF_SEC_TYPE      0
#define DOF_SEC_ALIGN     4
#define DOF_SEC_FLAGS     8
#define DOF_SEC_ENTSIZE   12
#define DOF_SEC_OFFSET    16
#define DOF_SEC_SIZEF     24
#define DOF_SECF_LOAD     1u

#define DOF_SECT_NONE     0
#define DOF_SECT_COMMENTS 1
#define DOF_SECT_STRTAB   8
#define DOF_SECT_RELTAB   10
#define DOF_SECT_URELHDR  12
#define DOF_SECT_PROVIDER 15
#define DOF_SECT_PROBES   16
#define DOF_SECT_PRARGS   17
#define DOF_SECT_PROFFS   18
#define DOF_SECT_UTSNAME  20
#define DOF_SECT_PRENOFFS 26

#define DOF_PROV_STRTAB   0
#define DOF_PROV_PROBES   4
#define DOF_PROV_PRARGS   8
#define DOF_PROV_PROFFS   12
#define DOF_PROV_NAME     16
#define DOF_PROV_ATTRS    20    /* five u32: provider, module, function, name, args */
#define DOF_PROV_PRENOFFS 40
#define DOF_PROV_SIZE_V1  40
#define DOF_PROV_SIZE     44

#define DOF_PROBE_ADDR    0
#define DOF_PROBE_FUNC    8
#define DOF_PROBE_NAME    12
#define DOF_PROBE_NARGV   16
#define DOF_PROBE_XARGV   20
#define DOF_PROBE_ARGIDX  24
#define DOF_PROBE_OFFIDX  28
#define DOF_PROBE_NARGC   32
#define DOF_PROBE_XARGC   33
#define DOF_PROBE_NOFFS   34
#define DOF_PROBE_ENOFFIDX 36
#define DOF_PROBE_NENOFFS 40
#define DOF_PROBE_SIZE_V1 40    /* up to noffs: enough for version 1, which has no is-enabled sites */
#define DOF_PROBE_SIZE    48

#define DOF_RELOHDR_STRTAB 0
#define DOF_RELOHDR_RELSEC 4
#define DOF_RELOHDR_TGTSEC 8
#define DOF_RELOHDR_SIZE   12
#define DOF_RELO_NAME     0
#define DOF_RELO_TYPE     4
#define DOF_RELO_OFFSET   8
#define DOF_RELO_DATA     16
#define DOF_RELO_SIZE     24
#define DOF_RELO_NONE     0
#define DOF_RELO_SETX     1

#define DOF_SECIDX_NONE   0xffffffffu

/* Stability attributes (name, data, class stabilities) as DTrace packs them. */
#define DOF_ATTR(n, d, c) (((unsigned)(n) << 24) | ((unsigned)(d) << 16) | ((unsigned)(c) << 8))

/* DTrace's limits on the strings of a probe (with the NUL). */
#define DOF_PROVNAME_MAX  64
#define DOF_FUNCNAME_MAX  128
#define DOF_NAME_MAX      64
#define DOF_ARGTYPE_MAX   128
#endif
