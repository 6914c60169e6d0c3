/* usym.h — user-space symbols of traced processes, for ustack(), usym() & co. and printf's %A.
 *
 * Contract.
 *  - A usym_db remembers, per pid, the file mappings /proc/PID/maps showed when the pid was
 *    captured (usym_capture), and keeps them for the whole run: processes exit before their
 *    stacks are printed (an aggregation printed at END after -c's child is gone), so the
 *    tracer captures a pid when it first sees it and symbolizes from the capture later. A
 *    later capture of the same pid (after an exec, a dlopen) puts what the process maps now
 *    first and keeps the earlier mappings nothing new overlaps: stacks recorded before an
 *    exec still name the image that exec'd, those after it the new image, and a library
 *    dlclose()d or a process gone keeps its symbols.
 *  - Each mapped file's symbols (.symtab, else .dynsym) are loaded once per (dev, inode),
 *    however many processes map it, through a path that stays readable while the process
 *    lives (/proc/PID/map_files/..., else /proc/PID/root/PATH); names are copied, no file
 *    stays open. A file that cannot be read has no symbols: its addresses print as
 *    `module`0xADDR`, as dtrace prints an address inside an object without a symbol.
 *  - usym_lookup answers with dtrace's pieces: the module (basename of the mapped file) and,
 *    when a function symbol covers the address, its name and run-time start address. An
 *    address outside every mapping of the capture (or a pid never captured, or whose maps
 *    could not be read) has no module: it prints as a bare 0xADDR. A miss on a live process
 *    re-reads its maps (a library loaded since, a new image), at most every 100 ms per pid.
 *  - Never crashes on bad input (vanished processes, corrupt ELF files, garbage addresses). */
#ifndef USDTRACE_USYM_H
#define USDTRACE_USYM_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "dfmt.h"

struct usym_db;

/* The pid kernel stacks and symbols are recorded with (stack(), sym(), func(), mod()): their
 * addresses are looked up in /proc/kallsyms (ksym.h), the module "vmlinux" or the kernel
 * module's name. */
#define USYM_KERNEL_PID (-1)

struct usym_db *usym_db_new(void);
void usym_db_free(struct usym_db *db);
/* -x noresolve: the dfmt symbolizer's answers ask for "module:0xOFF" texts (dfmt_sym). */
void usym_db_set_noresolve(struct usym_db *db, bool on);

/* Read /proc/PID/maps (and the symbols of files not seen before) unless pid was captured
 * already and `refresh` is false. 0, or -1 when the maps could not be read (the pid is then
 * remembered as unreadable until a later capture succeeds). */
int usym_capture(struct usym_db *db, pid_t pid, bool refresh);

struct usym_res {
	const char *module;   /* NULL: not in any mapped file */
	const char *func;     /* NULL: no function symbol covers the address */
	uint64_t func_addr;   /* run-time address of func's first byte */
	uint64_t mod_base;    /* run-time address of the module's lowest mapping */
	uint64_t map_start;   /* run-time address of the mapping that holds the address */
};

/* The pids captured, into a malloc'd array (*out; the caller frees it); returns how many. */
size_t usym_pids(const struct usym_db *db, pid_t **out);
/* Forget pid's capture (its mappings; the files' symbols stay, shared by every process):
 * for a process that is gone and whose addresses nothing will print any more. A later lookup
 * of pid captures it afresh. */
void usym_forget(struct usym_db *db, pid_t pid);

/* What addr is in pid (captured on first use). Strings live as long as the db. */
bool usym_lookup(struct usym_db *db, pid_t pid, uint64_t addr, struct usym_res *out);

/* dtrace's texts (dtrace_uaddr2str, dt_print_usym, dt_print_umod), appended to out:
 *   usym_addr_str  "mod`func+0xoff", "mod`func", "mod`0xaddr", "0xaddr" (dfmt_sym_text; under
 *                  noresolve "mod:0xoff")
 *   usym_func_str  as usym_addr_str of the function's start: "mod`func" (else as above)
 *   usym_mod_str   "mod", else "0xaddr" */
void usym_addr_str(struct usym_db *db, pid_t pid, uint64_t addr, struct strbuf *out);
void usym_func_str(struct usym_db *db, pid_t pid, uint64_t addr, struct strbuf *out);
void usym_mod_str(struct usym_db *db, pid_t pid, uint64_t addr, struct strbuf *out);

/* A dfmt symbolizer bound to one pid (for %k stacks and %A): pass &bind as sym_arg. */
struct usym_bind {
	struct usym_db *db;
	pid_t pid;
};
bool usym_dfmt_symbolize(void *bind, uint64_t addr, struct dfmt_sym *out);
/* The same for a kernel address (arg unused): /proc/kallsyms, as stack() frames are. */
bool usym_dfmt_ksymbolize(void *arg, uint64_t addr, struct dfmt_sym *out);
#endif
