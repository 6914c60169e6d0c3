/* dprint_json.h — print()'s value as a JSON tree, member by member, from the D type the record
 * carries (the same walk as dprint.h's text, for programs rather than eyes).
 *
 * Contract. dprint_json_value appends one JSON object, a node, for the value of type `t`
 * whose bytes are at p (n of them recorded). Every node has "type", the D type as print()
 * names it (dprint_type_name: "struct tag", "int [3]", "enum e"), and by the type's kind:
 *   - integers, bool, char: "value", a number by the type's signedness;
 *   - enums: "value", a number, and "enumerator", the name of the one that has it (absent
 *     when none has);
 *   - pointers: "value", the address as a number;
 *   - float, double: "value", a number (null for NaN and infinities);
 *   - D strings: "value", a string (the bytes up to the first NUL);
 *   - structs and unions: "members", a list of nodes in declaration order, each with "name"
 *     (null for an anonymous member) and "offset" (bytes from the aggregate's start); a
 *     bit-field also has "bits" (its width) and "bit_offset" (bits from "offset"), its value
 *     its bits alone;
 *   - arrays: "elements", a list of nodes; an array of char also "string", its bytes up to
 *     the first NUL.
 * Unlike the text, members and elements whose bytes are zero are kept: the tree is the
 * value whole. What the text does not show is not shown either: a member or element that
 * starts at or beyond printsize, or that the recorded bytes do not hold, is left out, and
 * the aggregate it would have been in gets "truncated":true. Nodes nest no deeper than
 * DPRINT_JSON_MAXDEPTH; deeper aggregates are cut the same way. Nothing here reads BPF data. */
#ifndef USDTRACE_DPRINT_JSON_H
#define USDTRACE_DPRINT_JSON_H
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct dtype;

enum { DPRINT_JSON_MAXDEPTH = 64 };

void dprint_json_value(struct strbuf *b, struct dtype *t, const void *p, size_t n,
		       int64_t printsize);
#endif
