/* json.h — writing JSON text into a strbuf: strings escaped, numbers typed.
 *
 * Contract. json_str writes a JSON string of n bytes: '"' '\\' and control characters escaped
 * (\n \t \r \b \f, else \u00XX); valid UTF-8 sequences are kept as they are; a byte that is
 * not part of one is written as \u00XX (the Latin-1 character of that value), so the output
 * is always valid UTF-8 and every byte is accounted for. Numbers: json_int (signed 64-bit),
 * json_uint (unsigned 64-bit), json_double (null for NaN and infinities, which JSON lacks).
 * json_key writes "name": (name is trusted: no escaping). */
#ifndef USDTRACE_JSON_H
#define USDTRACE_JSON_H
#include <stddef.h>
#include <stdint.h>

#include "util.h"

void json_str(struct strbuf *b, const char *s, size_t n);
void json_cstr(struct strbuf *b, const char *s);   /* NULL: null */
void json_int(struct strbuf *b, int64_t v);
void json_uint(struct strbuf *b, uint64_t v);
void json_double(struct strbuf *b, double v);
void json_key(struct strbuf *b, const char *name);
#endif
