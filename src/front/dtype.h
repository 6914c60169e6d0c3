/* dtype.h — D's type system on the x86-64 LP64 C ABI: integer, floating, void, pointer, array,
 * function, struct/union (member offsets, bitfields), enum, typedef and D's `string`, plus the
 * scoped tables that name them (typedefs, tags, enum constants).
 *
 * Contract: every type belongs to a struct dtype_ctx and lives until dtype_ctx_free; callers
 * never free a type. Qualified variants (const/volatile/restrict) are separate nodes whose
 * `origin` is the unqualified struct/union/enum they name, so completing a struct later completes
 * every qualified use of it. Typedef nodes keep their name (spelling "uint32_t" stays
 * "uint32_t"); dtype_resolve strips them when the representation matters. Sizes and alignments
 * follow what gcc computes for x86-64 (checked against gcc by tests/sh/prov_dtype_gcc.sh).
 * dtype_spell writes a type back as C text: "struct conn *", "int (*)[4]", "char *const p". */
#ifndef USDTRACE_DTYPE_H
#define USDTRACE_DTYPE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "derr.h"

enum dtype_kind {
	DTY_VOID, DTY_BOOL, DTY_CHAR, DTY_SHORT, DTY_INT, DTY_LONG, DTY_LLONG,
	DTY_FLOAT, DTY_DOUBLE, DTY_LDOUBLE,
	DTY_ENUM, DTY_PTR, DTY_ARRAY, DTY_FUNC, DTY_STRUCT, DTY_UNION, DTY_TYPEDEF, DTY_STRING,
};

enum { DQ_CONST = 1, DQ_VOLATILE = 2, DQ_RESTRICT = 4 };

struct dtype;

struct dmember {
	char *name;            /* NULL for an unnamed bitfield or an anonymous struct/union member */
	struct dtype *type;
	int64_t offset;        /* bytes from the start of the struct (of the storage unit for bitfields) */
	int bit_width;         /* -1 if not a bitfield */
	int bit_offset;        /* bits from `offset` (bitfields only) */
};

struct denumerator {
	char *name;
	int64_t value;
};

struct dtype {
	enum dtype_kind kind;
	int64_t size;          /* -1 while incomplete (forward-declared struct, unsized array, void) */
	int align;
	bool is_unsigned;      /* integers and enums */
	bool char_signedness;  /* DTY_CHAR: "signed char"/"unsigned char" was written explicitly */
	int enc_bits;          /* integers: a D program's bit-field's width when it is not the
			        * type's size * 8 (libdtrace's bit-field type is an integer of
			        * exactly its width, cte_bits: D ranks it and refuses sizeof and
			        * & of it by that width); 0 otherwise */
	const char *int_name;  /* an integer type D names apart from the canonical one of its
			        * representation ("signed", "unsigned", "signed short", "signed int",
			        * "signed long", "signed long long": dtrace's intrinsic types, so its
			        * messages and print() keep a written `signed`); NULL otherwise */
	unsigned quals;        /* DQ_* */
	unsigned d_quals;      /* those of quals written in D text (dtype_qualify_d): DTrace's D
			        * compiler parses qualifiers and drops them, so its messages spell
			        * `const char *` as `char *`; kernel and DWARF qualifiers stay */
	struct dtype *base;    /* pointee, element, return type, typedef target */
	struct dtype *origin;  /* qualified copy of a struct/union/enum/typedef: the original node */
	char *name;            /* tag (NULL if anonymous) or typedef name */
	int64_t array_len;     /* -1: [] */
	bool complete;         /* struct/union/enum has its body */
	bool d_rules;          /* struct/union declared in a D program: dtype_finish_record gives
			        * libdtrace's messages, and lays members out as libdtrace (CTF)
			        * does; otherwise gcc's layout and wording */
	struct dmember *members;
	int nmembers;
	struct denumerator *enums;
	int nenums;
	struct dtype **params; /* DTY_FUNC */
	char **param_names;
	int nparams;
	bool variadic;
	bool oldstyle;         /* f(): parameters unspecified */
	bool kernel;           /* made from the kernel's BTF (kbtf.h): a pointer that holds a
			        * kernel address, a struct/union that lives in kernel memory;
			        * the code generator reads through such pointers as kernel memory */
	int depth;             /* derivation depth through pointer/array/function/typedef nodes;
			        * the functions here recurse that deep, so parsers bound it */
	struct dtype *next;    /* ctx's list of every node */
};

struct dscope_ent {
	char *name;
	struct dtype *type;    /* typedef target / tag type / enum constant's type */
	int64_t value;         /* enum constant */
	int kind;              /* DSYM_* */
};
enum { DSYM_TYPEDEF, DSYM_TAG, DSYM_ENUMCONST, DSYM_VAR };

struct dscope {
	struct dscope *parent;
	struct dscope_ent *ents;
	size_t nents, cap;
};

struct dtype_ctx {
	struct dtype *all;     /* every node, for freeing */
	struct dscope *scope;  /* innermost */
	struct dscope *builtins; /* outermost: int8_t, size_t, ... */
	size_t nbuiltin_ents;    /* its entries D itself defines; the kernel's follow, as looked up */
	struct dtype *t_void, *t_bool, *t_char, *t_schar, *t_uchar, *t_short, *t_ushort,
		*t_int, *t_uint, *t_long, *t_ulong, *t_llong, *t_ullong,
		*t_float, *t_double, *t_ldouble, *t_string;
	/* D's other names for int, unsigned int, short, long and long long (int_name) */
	struct dtype *t_signed, *t_unsigned, *t_sshort, *t_sint, *t_slong, *t_sllong;
	/* Optional: completes an incomplete struct, union or enum tag from outside the program
	 * (a D program's kernel types), when a declaration needs its layout (a member of that
	 * type in a struct the program declares). Whether rec is complete now. */
	bool (*complete)(void *arg, struct dtype *rec);
	void *complete_arg;
	/* Optional: the type of typedef `name` from outside the program (the kernel's rwlock_t),
	 * asked when no scope names it; NULL if none. The answer is added to the builtin scope,
	 * so each name is asked once. Its argument is complete_arg. */
	struct dtype *(*extern_typedef)(void *arg, const char *name);
	/* The data model (dtrace -32 / -64): under ILP32 long and pointers are 4 bytes */
	bool ilp32;
	/* A number no other context of the process has had: a cache kept for one context
	 * (kbtf's) tells a new context made at a freed one's address from the freed one. */
	uint64_t serial;
};

/* A ready context: builtin types, and an outer scope holding the fixed-width and system
 * typedef names (int8_t..uint64_t, intptr_t, size_t, ssize_t, off_t, pid_t, uid_t, ...) and
 * the kernel's network address types the inet_* subroutines take (ipaddr_t, in6_addr_t,
 * struct in_addr, struct in6_addr), then one user scope on top (the provider file's
 * declarations). */
struct dtype_ctx *dtype_ctx_new(void);
/* The ILP32 data model, as dtrace -32 compiles D: long, unsigned long and every pointer type
 * (those made so far, the builtins' among them, and those made later) are 4 bytes, aligned
 * to 4; long long stays 8. For a fresh context, before any declaration is parsed. */
void dtype_set_ilp32(struct dtype_ctx *ctx);
/* For D programs: the Linux kernel's integer typedefs that dtrace always knows from the
 * kernel's CTF (__u8 .. __s64, u8 .. s64, __be16/32/64, __le16/32/64, bool) and D's ipaddr_t,
 * added to the builtin scope. Provider files stay with C's names. */
void dtype_add_kernel_typedefs(struct dtype_ctx *ctx);
void dtype_ctx_free(struct dtype_ctx *ctx);
/* D's string type as a value inside a struct, union or array declared from now on: strsize
 * bytes aligned on bytes, as dtrace's string is a char array of the strsize option (a struct
 * { string name; int n; } at strsize 13 puts n at 16). */
void dtype_set_strsize(struct dtype_ctx *ctx, int64_t strsize);

void dscope_push(struct dtype_ctx *ctx);
void dscope_pop(struct dtype_ctx *ctx);
/* Find a name of the given DSYM_ kind, innermost scope first; `here` limits to the innermost. */
struct dscope_ent *dscope_find(struct dtype_ctx *ctx, const char *name, int kind, bool here);
/* Ordinary identifiers (typedefs, enum constants, variables) share one name space; tags
 * another. Adds without checking: callers check redefinition first. */
struct dscope_ent *dscope_add(struct dtype_ctx *ctx, const char *name, int kind,
			      struct dtype *type, int64_t value);

struct dtype *dtype_new(struct dtype_ctx *ctx, enum dtype_kind kind, int64_t size, int align);
struct dtype *dtype_ptr(struct dtype_ctx *ctx, struct dtype *base);
struct dtype *dtype_array(struct dtype_ctx *ctx, struct dtype *elem, int64_t len);
struct dtype *dtype_func(struct dtype_ctx *ctx, struct dtype *ret);
struct dtype *dtype_typedef(struct dtype_ctx *ctx, const char *name, struct dtype *target);
struct dtype *dtype_tagged(struct dtype_ctx *ctx, enum dtype_kind kind, const char *tag);
/* `t` with qualifiers added (a new node unless quals adds nothing). */
struct dtype *dtype_qualify(struct dtype_ctx *ctx, struct dtype *t, unsigned quals);
/* The same for qualifiers written in D text: the added ones are marked d_quals. */
struct dtype *dtype_qualify_d(struct dtype_ctx *ctx, struct dtype *t, unsigned quals);

/* Struct/union body: members are appended, then dtype_finish_record lays them out.
 * Returns -1 with the error in *err (derr.h: tag and message, no position; NULL: not wanted)
 * for invalid members. With d_rules set,
 * a record gets CTF's layout: each member byte-aligned for its type right after the previous
 * member's bits, no tail padding (struct { long l; char c; } is 9 bytes; struct { int a:1;
 * int b:3; } is 2 bytes when each field's type is a 1-byte integer, as the D parser makes it). */
void dtype_add_member(struct dtype *rec, const char *name, struct dtype *type, int bit_width);
int dtype_finish_record(struct dtype *rec, struct derr *err);
void dtype_add_enumerator(struct dtype *e, const char *name, int64_t value);
/* Size/signedness of a completed enum from its values (int, unsigned int, long, unsigned long). */
void dtype_finish_enum(struct dtype *e);

/* Follow typedefs and qualified copies to the type that defines representation. */
struct dtype *dtype_resolve(struct dtype *t);

/* The rank of an integer type in D's usual arithmetic conversions (dt_type_promote): its
 * encoding's bits (a bit-field's width, else size * 8), plus one when unsigned. */
int dtype_int_rank(struct dtype *t);
/* The struct/union/enum node behind a (possibly qualified) tag type. */
struct dtype *dtype_unqual(struct dtype *t);
int64_t dtype_sizeof(struct dtype *t);   /* -1 if incomplete */
int dtype_alignof(struct dtype *t);
bool dtype_is_integer(struct dtype *t);
bool dtype_is_scalar(struct dtype *t);   /* integer, floating, enum, pointer, string */
bool dtype_is_complete(struct dtype *t);
/* Same type in C's sense (qualifiers included, typedef names seen through). */
bool dtype_same(struct dtype *a, struct dtype *b);
const struct dmember *dtype_find_member(struct dtype *rec, const char *name);
/* The member itself, looked for inside anonymous struct/union members too, with *offset
 * increased by its byte offset from the start of rec (the holders' offsets included; for a
 * bitfield, of its storage unit). NULL if rec has no such member. */
const struct dmember *dtype_member_at(struct dtype *rec, const char *name, int64_t *offset);

/* C text of `t` declaring `name` (NULL or "" for an abstract declarator). `string` spells as
 * "string" unless c_only, then as "char *". Anonymous struct/union/enum spell their body.
 * Malloc'd. */
char *dtype_spell(struct dtype *t, const char *name, bool c_only);
/* The type as dtrace's messages spell it: dtype_spell's text without the qualifiers that
 * came from D text (d_quals). Malloc'd. */
char *dtype_spell_msg(struct dtype *t);
/* The definition of a struct/union/enum: "struct conn {\n\tint fd;\n}" (no ';'). Malloc'd. */
char *dtype_spell_body(struct dtype *t, bool c_only);
#endif
