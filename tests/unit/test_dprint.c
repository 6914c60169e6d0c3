/* test_dprint.c — print()'s typed output: the layout rules of dprint.h (44-column indent plus
 * one per level, zero members left out, printsize's "..." inside the innermost open
 * aggregate, arrays written whole) on types built with the dtype API. */
#include "t.h"
#include "dprint.h"
#include "dtype.h"

#include <stdint.h>
#include <string.h>

static struct strbuf b;
static const char *out(void) { return b.s ? b.s : ""; }
static void reset(void) { b.len = 0; if (b.s) b.s[0] = '\0'; }

/* struct pt { int x; struct { long y; unsigned char z[3]; } in; char *p; enum e k;
 *             unsigned flag : 3; } */
static struct dtype_ctx *ctx;
static struct dtype *t_pt, *t_in, *t_e;

static void build(void)
{
	ctx = dtype_ctx_new();
	t_e = dtype_tagged(ctx, DTY_ENUM, "e");
	dtype_add_enumerator(t_e, "ONE", 1);
	dtype_add_enumerator(t_e, "TWO", 2);
	dtype_finish_enum(t_e);
	t_in = dtype_tagged(ctx, DTY_STRUCT, NULL);
	dtype_add_member(t_in, "y", ctx->t_long, -1);
	dtype_add_member(t_in, "z", dtype_array(ctx, ctx->t_uchar, 3), -1);
	dtype_finish_record(t_in, NULL);
	t_pt = dtype_tagged(ctx, DTY_STRUCT, "pt");
	dtype_add_member(t_pt, "x", ctx->t_int, -1);
	dtype_add_member(t_pt, "in", t_in, -1);
	dtype_add_member(t_pt, "p", dtype_ptr(ctx, ctx->t_char), -1);
	dtype_add_member(t_pt, "k", t_e, -1);
	dtype_add_member(t_pt, "flag", ctx->t_uint, 3);
	dtype_finish_record(t_pt, NULL);
}

static int64_t off(struct dtype *rec, const char *name)
{
	return dtype_find_member(rec, name)->offset;
}

T_CASE(struct_through_pointer)
{
	build();
	unsigned char data[64] = { 0 };
	int32_t x = -5;
	memcpy(data + off(t_pt, "x"), &x, 4);
	/* z is a char array, which ends at its first zero byte (dtrace): z[0] is set too */
	data[off(t_pt, "in") + off(t_in, "z")] = 4;
	data[off(t_pt, "in") + off(t_in, "z") + 1] = 9;
	uint64_t p = 0xabc0;
	memcpy(data + off(t_pt, "p"), &p, 8);
	data[off(t_pt, "k")] = 2;
	data[off(t_pt, "k") + 4] = 6;   /* flag is 6 & 7 in the unit after k */
	T_CHECK(dtype_sizeof(t_pt) <= (int64_t)sizeof(data));
	reset();
	dprint_pointer(&b, dtype_ptr(ctx, t_pt), 0x1234, data, (size_t)dtype_sizeof(t_pt), 8192);
	const char *want =
		"0x1234 = *\n"
		"                                            (struct pt) {\n"
		"                                             .x = (int)-5,\n"
		"                                             .in = (struct) {\n"
		"                                              .z = (unsigned char [3]) [\n"
		"                                               (unsigned char)4,\n"
		"                                               (unsigned char)9,\n"
		"                                              ],\n"
		"                                             },\n"
		"                                             .p = (char *)0xabc0,\n"
		"                                             .k = (enum e)TWO,\n"
		"                                             .flag = (unsigned int)6,\n"
		"                                            }\n";
	T_EQ_STR(out(), want);

	/* printsize: the first member at or past it is "..." inside what is still open. */
	reset();
	dprint_pointer(&b, dtype_ptr(ctx, t_pt), 0x1234, data, (size_t)dtype_sizeof(t_pt),
		       off(t_pt, "p"));
	want =  "0x1234 = *\n"
		"                                            (struct pt) {\n"
		"                                             .x = (int)-5,\n"
		"                                             .in = (struct) {\n"
		"                                              .z = (unsigned char [3]) [\n"
		"                                               (unsigned char)4,\n"
		"                                               (unsigned char)9,\n"
		"                                              ],\n"
		"                                             ...\n"
		"                                             },\n"
		"                                            }\n";
	T_EQ_STR(out(), want);

	/* Cut inside an array: its bracket is still closed. */
	reset();
	dprint_pointer(&b, dtype_ptr(ctx, t_pt), 0x1234, data, (size_t)dtype_sizeof(t_pt),
		       off(t_pt, "in") + off(t_in, "z") + 1);
	want =  "0x1234 = *\n"
		"                                            (struct pt) {\n"
		"                                             .x = (int)-5,\n"
		"                                             .in = (struct) {\n"
		"                                              .z = (unsigned char [3]) [\n"
		"                                               (unsigned char)4,\n"
		"                                               ...\n"
		"                                              ],\n"
		"                                             },\n"
		"                                            }\n";
	T_EQ_STR(out(), want);
	dtype_ctx_free(ctx);
}

/* A pointer to a kernel `const struct` prints the struct as "const struct NAME", qualifier kept
 * (dtrace, observed: print(curthread->cred) opens with "(const struct cred) {"); one written
 * in D is dropped, as dtrace's D compiler drops it. */
T_CASE(qualified_struct_through_pointer)
{
	build();
	unsigned char data[64] = { 0 };
	int32_t x = 7;
	memcpy(data + off(t_pt, "x"), &x, 4);
	reset();
	dprint_pointer(&b, dtype_ptr(ctx, dtype_qualify(ctx, t_pt, DQ_CONST)), 0x10, data,
		       (size_t)dtype_sizeof(t_pt), 8192);
	T_EQ_STR(out(), "0x10 = *\n"
		 "                                            (const struct pt) {\n"
		 "                                             .x = (int)7,\n"
		 "                                            }\n");
	reset();
	dprint_pointer(&b, dtype_ptr(ctx, dtype_qualify_d(ctx, t_pt, DQ_CONST)), 0x10, data,
		       (size_t)dtype_sizeof(t_pt), 8192);
	T_EQ_STR(out(), "0x10 = *\n"
		 "                                            (struct pt) {\n"
		 "                                             .x = (int)7,\n"
		 "                                            }\n");
	dtype_ctx_free(ctx);
}

T_CASE(scalars_by_value)
{
	ctx = dtype_ctx_new();
	reset();
	int32_t v = -1;
	dprint_value(&b, ctx->t_int, &v, 4, 8192);
	T_EQ_STR(out(), "(int)-1\n");
	reset();
	dprint_value(&b, ctx->t_uint, &v, 4, 8192);
	T_EQ_STR(out(), "(unsigned int)4294967295\n");
	reset();
	char c = 'q';
	dprint_value(&b, ctx->t_char, &c, 1, 8192);
	T_EQ_STR(out(), "(char)'q'\n");
	dtype_ctx_free(ctx);
}

T_CASE(cleanup)
{
	strbuf_free(&b);
}

T_MAIN()
