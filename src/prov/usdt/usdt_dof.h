/* usdt_dof.h — read the user-space provider DOF that `dtrace -G` (or `usdtrace -G -x dof`)
 * puts in an object's `.SUNW_dof` section: providers, probes, their functions, argument native
 * and translated types and mapping, probe and is-enabled site offsets, and the relocation that
 * names each probe's function (dof_format.h describes the layout).
 *
 * Contract: usdt_dof_parse reads one DOF blob from buf[0..len) and either fills *out with copies
 * of everything (nothing points into buf) and returns 0, or returns -1 with one clear message
 * in errbuf ("DOF: section 3 (offset 0x40, size 0x1000) runs past the end of the DOF (0x483
 * bytes)") and *out empty. It never reads outside buf, never loops more than the input's size
 * allows, and refuses whatever it cannot vouch for: a bad magic, a model other than LP64, a
 * big-endian encoding, a version outside 1..3, header or section sizes too small, sections
 * outside the blob or misaligned for their entries, string indexes outside their table or
 * strings too long for DTrace, type lists running off their table, argument mappings naming a
 * native argument that does not exist, offset indexes past their section, a probe without
 * sites. Sections it does not use (DIF, options, comments, utsname) are only bounds-checked.
 * *consumed is the blob's size (filesz): the linker concatenates the DOF of every `-G` object
 * linked into one file, each blob 8-byte aligned, so a reader walks the section with it. */
#ifndef USDTRACE_USDT_DOF_H
#define USDTRACE_USDT_DOF_H
#include <stddef.h>
#include <stdint.h>

struct usdt_dof_probe {
	char *provider, *function, *name;
	uint64_t addr;        /* the probe field as stored: the function's link-time address once
	                       * a linker applied the relocation, else 0 (or the load-base-relative
	                       * value a runtime loader would add to) */
	char *addr_sym;       /* the symbol the relocation of addr names, NULL if none */
	int nargc, xargc;
	char **nargv;         /* native argument types, C spellings: "int", "char *" */
	char **xargv;         /* translated argument types */
	uint8_t *map;         /* map[k]: the native argument translated argument k is made from */
	int noffs, nenoffs;
	uint32_t *offs;       /* sites: offsets from the function's address */
	uint32_t *enoffs;     /* is-enabled sites */
};

struct usdt_dof {
	int version;          /* 1..3 */
	int nprobes;
	struct usdt_dof_probe *probes;   /* in provider order, then probe order */
};

int usdt_dof_parse(const void *buf, size_t len, struct usdt_dof *out, size_t *consumed,
		   char *errbuf, size_t errlen);
void usdt_dof_free(struct usdt_dof *d);

/* Whether translated argument types and mapping say anything the native ones do not (a
 * mapping that is not the identity, or a type that differs). */
int usdt_dof_probe_translates(const struct usdt_dof_probe *p);

/* The stapsdt argument string of a DOF probe's site on x86-64: DOF sites were calls, so
 * argument k is in the k-th integer argument register of the SysV ABI, or on the stack from
 * the seventh on (the call's return address was never pushed: 0(%rsp) holds the seventh), with
 * the size and signedness of its native C type ("-4@%edi 8@%rsi -8@0(%rsp)"). Malloc'd. */
char *usdt_dof_argstr(const struct usdt_dof_probe *p);
#endif
