/* usdt_typenote.h — usdtrace's extra ELF note, carried next to .note.stapsdt, recording what the
 * provider definition declared. Other tools ignore it (unknown owner name).
 *
 * Section ".note.usdtrace" (SHT_NOTE, not allocated: it costs nothing at run time), written by
 * `usdtrace -G`, read by usdt_note.c. Notes have owner "usdtrace" and one of these types:
 *
 *   USDT_NOTE_ARGTYPES  desc = provider NUL name NUL type0 NUL type1 NUL ... typeN-1 NUL
 *                       one note per declared probe; names as in .note.stapsdt ("query__start");
 *                       types are C spellings ("char *", "struct conn *", "uint32_t"); a probe
 *                       with no arguments has no type strings. descsz counts exactly these bytes.
 *   USDT_NOTE_ARGMAP    desc = provider NUL name NUL map0 NUL ... mapM-1 NUL, after the probe's
 *                       ARGTYPES note when the provider file gives an argument mapping
 *                       (`probe p(int i, int j) : (int j, int i)`); mapK is "N type": the
 *                       native argument (0-based) translated argument K is made from, one
 *                       space, the translated type's C spelling ("1 conninfo_t *").
 *   USDT_NOTE_DOFSEM    desc = address (8 bytes, the file's byte order) provider NUL name NUL:
 *                       written by `usdtrace -G -x dof`, one per probe: the link-time address of
 *                       the probe's semaphore (a relocation fills it in), which its DOF cannot
 *                       say; the tracer counts on it as on a stapsdt note's semaphore, and the
 *                       probe's is-enabled function reads it.
 *   USDT_NOTE_DECLS     desc = D source text NUL: the typedefs, structs, unions and enums of the
 *                       provider file, so the tracer can type args[N]->field. One per -G object.
 */
#ifndef USDTRACE_USDT_TYPENOTE_H
#define USDTRACE_USDT_TYPENOTE_H
#define USDT_TYPENOTE_SECTION ".note.usdtrace"
#define USDT_TYPENOTE_OWNER   "usdtrace"
#define USDT_NOTE_ARGTYPES    1
#define USDT_NOTE_DECLS       2
#define USDT_NOTE_ARGMAP      3
#define USDT_NOTE_DOFSEM      4
#endif
