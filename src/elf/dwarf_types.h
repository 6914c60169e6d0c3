/* dwarf_types.h — C types from an ELF file's DWARF, built as dtypes (dtype.h): what lets a D
 * program read `args[0]->balance` or `((struct account *)arg0)->balance` when neither the
 * provider file nor the script defines struct account, but the traced object was built with -g.
 *
 * Finding the DWARF: the file's own .debug_info, else a separate debug file found the way
 * gdb and elfutils find it (libdwfl's standard lookup): by build-id under each absolute
 * directory of the debug path (DIR/.build-id/xx/rest.debug) and by .gnu_debuglink next to the
 * file, in its .debug/ subdirectory and under each absolute directory (CRC checked). The
 * default debug path is elfutils' own, ":.debug:/usr/lib/debug". Split DWARF (-gsplit-dwarf):
 * the .dwo units libdw finds for the skeletons.
 *
 * Finding a name: types are looked up by tag (struct/union/enum) or typedef name among the
 * top-level DIEs of the units, units scanned in file order and only as far as the first
 * definition found; every top-level name passed on the way is indexed, so a file is scanned at
 * most once however many names are asked for (huge DWARF costs one partial pass, not a parse of
 * every DIE: member lists of types that are not asked for are never read).
 *
 * Building: base types map onto the context's builtins; pointers, arrays (every dimension),
 * const/volatile/restrict, typedefs, enums, function types (DTY_FUNC, so function pointers are
 * pointers to functions), anonymous and nested records, bitfields in both DWARF forms
 * (DW_AT_data_bit_offset; DW_AT_bit_offset counted from the storage unit's high end). A named
 * struct or union reached through a pointer is not read: it becomes that tag's node, left
 * incomplete unless the context completes it already, to be completed on demand later (by
 * dwt_complete) — so recursive types (struct node { struct node *next; }) and types that
 * reach half the program through pointers cost nothing until used. Named tags are shared with
 * the context's scope: an existing tag node of the same name and kind is used (completed in
 * place if incomplete), and new ones are added to the current scope.
 *
 * Layout: offsets and sizes are DWARF's, not recomputed. The compiler knows about packed and
 * aligned attributes, -fshort-enums and C++ bases, which a layout from the declarations alone
 * cannot see; a struct's alignment is its members' largest that divides its size. A bitfield is
 * stored as (storage unit offset, bit offset within it) in the unit of its declared type when it
 * fits there, else from its first byte; one that fits neither makes the import fail.
 * Types DWARF has and D has not (__int128, _Complex, vectors) become unsigned char arrays of
 * their size: readable as bytes, nothing more.
 *
 * Contract: dwt_open returns NULL with a message when the file has no DWARF in reach. Types
 * built belong to the ctx passed in (and live as long as it); a dwt_file can serve several
 * contexts. Errors (malformed DWARF, types nested deeper than dtype allows) are -1 with a
 * message; "not defined here" is 0. */
#ifndef USDTRACE_DWARF_TYPES_H
#define USDTRACE_DWARF_TYPES_H
#include <stddef.h>
#include <stdint.h>

#include "dtype.h"

struct dwt_file;

/* debug_path: NULL for elfutils' default (see above). */
struct dwt_file *dwt_open(const char *path, const char *debug_path, char *err, size_t errlen);
void dwt_close(struct dwt_file *f);

/* The file the DWARF was read from (path itself, or its separate debug file). */
const char *dwt_debug_file(const struct dwt_file *f);

/* Complete `rec`, an incomplete named struct or union (or a qualified use of one), in place
 * from the file's definition of that tag; new types go to ctx. 1 done, 0 no definition here. */
int dwt_complete(struct dwt_file *f, struct dtype_ctx *ctx, struct dtype *rec,
		 char *err, size_t errlen);

/* The type `name` names: kind DTY_STRUCT, DTY_UNION or DTY_ENUM for a tag, DTY_TYPEDEF for a
 * typedef name. *out is set when found (1). */
int dwt_lookup(struct dwt_file *f, struct dtype_ctx *ctx, enum dtype_kind kind, const char *name,
	       struct dtype **out, char *err, size_t errlen);

/* The type of a function, for the pid provider's args[]: a DTY_FUNC whose params[0..nparams)
 * are its formal parameters' types (param_names their names), base its return type (void
 * when it has none), variadic set for `...` (only the fixed parameters are listed), oldstyle
 * for an unprototyped C `f()`. C++ member functions list `this` first: it is the first
 * argument register. Records passed or returned by value are completed.
 *
 * The function is the DW_TAG_subprogram whose code starts at addr (a link-time address:
 * DW_AT_entry_pc or DW_AT_low_pc, or the first of its DW_AT_ranges), found in the unit
 * .debug_aranges names, else in any unit whose ranges hold addr; namespaces and classes are
 * searched. With addr 0, the first subprogram with code whose linkage name or name is
 * func_name. Parameters come from the subprogram's own children, else from its abstract
 * origin or specification. 1 found; 0 when f is NULL (no DWARF) or nothing describes that
 * function (no message); -1 with a message for DWARF that cannot be converted. */
int dwt_func_params(struct dwt_file *f, struct dtype_ctx *ctx, const char *func_name,
		    uint64_t addr, struct dtype **func, char *err, size_t errlen);

/* How many units have been scanned and top-level names indexed so far (for tests and
 * measurements of the laziness). */
void dwt_stats(const struct dwt_file *f, size_t *units, size_t *names);

/* Files opened once per path, failures included (dwt_cache_get returns NULL for those; the
 * first failure's message is in *err_out once, NULL on later calls). */
struct dwt_cache {
	char **paths;
	struct dwt_file **files;
	int n;
};
struct dwt_file *dwt_cache_get(struct dwt_cache *c, const char *path, const char **err_out);
void dwt_cache_free(struct dwt_cache *c);
#endif
