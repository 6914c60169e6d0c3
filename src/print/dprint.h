/* dprint.h — the print() action's output: a value shown with its D type, member by member.
 *
 * Contract. The caller hands the D type the checker gave print()'s argument and the bytes the
 * record holds; nothing here reads BPF data. Layout, as dtrace for Linux prints it:
 *   - print(ptr) to a sized type: "0x1234 = *\n", then the pointee on lines of their own;
 *     print(value): the value, its first line where the output stands.
 *   - Lines are indented 44 columns (under the data column of the default output) plus one
 *     per level of nesting. A struct or union is "(struct tag) {" (anonymous: "(struct) {"),
 *     its members ".name = (type)value," and its end "}," ("}" at the top). Arrays are
 *     "(char [5]) [" ... "]," with unnamed elements; an array of 8-bit characters (char,
 *     signed or unsigned) ends at its first zero byte, and a D string member is printed as
 *     such an array ("(string) ["). Only an array of a base integer, float or enum type
 *     shows its elements: one of a typedef's name (__u16), a qualified, pointer, struct,
 *     union or array type is its first line and the end of the whole output (the brackets
 *     still open closed). A type named "char" prints its byte as it is between
 *     quotes ('t'); enums print by their enumerator's name, pointers in hex, other integers
 *     (signed char, int8_t too) in decimal by their signedness.
 *   - Members and elements whose bytes are all zero are left out (a zero struct's members
 *     are still walked for the "..." below).
 *   - A member that starts at the printed type's end (a flexible array member) or lies 10
 *     levels deep prints "..." and ends the output, zero or not.
 *   - printsize bytes at most are shown: the first member (zero or not) that starts at
 *     or beyond it prints "..." at its own indentation and ends the output; the brackets still
 *     open are then closed (an array's as soon as its elements are done, a struct's only
 *     when the next line is due, so "..." can precede a struct's "}," but not an array's "],").
 *   - Every line ends with "\n". */
#ifndef USDTRACE_DPRINT_H
#define USDTRACE_DPRINT_H
#include <stddef.h>
#include <stdint.h>

#include "util.h"

struct dtype;

/* print() of a pointer whose pointee's `n` bytes are at p. */
void dprint_pointer(struct strbuf *b, struct dtype *ptrtype, uint64_t addr, const void *p,
		    size_t n, int64_t printsize);

/* The type as print() names it: tags without bodies ("struct" for an anonymous one),
 * other types as D spells them; the caller frees it. */
char *dprint_type_name(struct dtype *t);
/* The low `bits` bits of v (1..64) as a signed number. */
int64_t dprint_sign_extend(uint64_t v, int bits);

/* print() of any other value: its `n` bytes (a recorded integer's: its size) are at p. */
void dprint_value(struct strbuf *b, struct dtype *type, const void *p, size_t n,
		  int64_t printsize);
#endif
