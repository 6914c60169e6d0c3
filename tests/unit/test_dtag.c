/* Unit tests for dtag.c: every tag has its own libdtrace name, tagged messages round-trip,
 * and the compiler stages tag their errors (a program per stage, checked end to end). */
#include "t.h"
#include "dcheck.h"
#include "dmacro.h"
#include "dparse.h"
#include "dtag.h"
#include "util.h"

T_CASE(names_are_complete_and_distinct)
{
	for (int t = 0; t < DTAG_COUNT; t++) {
		const char *n = dtag_name((enum dtag)t);
		T_CHECK(n != NULL && strncmp(n, "D_", 2) == 0);
		for (int u = 0; u < t; u++)
			T_CHECK(strcmp(n, dtag_name((enum dtag)u)) != 0);
	}
	T_EQ_STR(dtag_name(D_SYNTAX), "D_SYNTAX");
	T_EQ_STR(dtag_name(D_LLQUANT_MATCHSTEPS), "D_LLQUANT_MATCHSTEPS");
	T_EQ_STR(dtag_name((enum dtag)DTAG_COUNT), "D_UNKNOWN");
}

T_CASE(prefix_round_trip)
{
	char buf[64];
	T_EQ_INT(dtag_seterr(buf, sizeof(buf), D_PROTO_LEN, "line %d: x", 3), -1);
	T_EQ_STR(buf, "[D_PROTO_LEN] line 3: x");
	T_EQ_STR(dtag_strip(buf), "line 3: x");
	T_EQ_INT(dtag_of(buf), D_PROTO_LEN);
	/* Untagged and look-alike texts pass through. */
	T_EQ_STR(dtag_strip("line 1: [D_SYNTAX] y"), "line 1: [D_SYNTAX] y");
	T_EQ_STR(dtag_strip("[D_syntax] y"), "[D_syntax] y");
	T_EQ_STR(dtag_strip("[D_SYNTAX]y"), "[D_SYNTAX]y");
	T_EQ_INT(dtag_of("no tag"), D_UNKNOWN);
	T_EQ_INT(dtag_of("[D_NOT_A_TAG] z"), D_UNKNOWN);
	/* Truncation never overruns. */
	char small[8];
	dtag_seterr(small, sizeof(small), D_SYNTAX, "long message");
	T_EQ_STR(small, "[D_SYNT");
}

/* The tag each stage gives: lexer, parser, macro expander, checker. */
static enum dtag tag_of_program(const char *src, const char *arg1)
{
	char err[512];
	struct dprog *g = dprog_new();
	enum dtag tag = DTAG_COUNT;
	if (dparse_script(g, "t.d", src, strlen(src), err, sizeof(err)) != 0) {
		tag = dtag_of(err);
		goto out;
	}
	struct dmacro_env env = {0};
	char *argv[] = { "t.d", (char *)arg1 };
	env.argv = argv;
	env.argc = arg1 ? 2 : 1;
	if (dmacro_expand(g, &env, err, sizeof(err)) != 0) {
		tag = dtag_of(err);
		goto out;
	}
	struct dck_prog *ck = NULL;
	if (dcheck_program(g, NULL, &ck, err, sizeof(err)) != 0)
		tag = dtag_of(err);
	dck_prog_free(ck);
out:
	dprog_free(g);
	return tag;
}

T_CASE(stages_tag_their_errors)
{
	T_EQ_INT(tag_of_program("BEGIN { x = \"abc\n\"; }", NULL), D_STR_NL);
	T_EQ_INT(tag_of_program("BEGIN { x = 09; }", NULL), D_INT_DIGIT);
	T_EQ_INT(tag_of_program("BEGIN { x = ; }", NULL), D_SYNTAX);
	T_EQ_INT(tag_of_program("BEGIN { x = $2; }", "1"), D_MACRO_UNDEF);
	T_EQ_INT(tag_of_program("BEGIN { trace(strlen(1, 2)); }", NULL), D_PROTO_LEN);
	T_EQ_INT(tag_of_program("BEGIN { x = 1 / 0; }", NULL), D_DIV_ZERO);
	T_EQ_INT(tag_of_program("BEGIN / \"s\" == 1 / { }", NULL), D_OP_INCOMPAT);
	T_EQ_INT(tag_of_program("BEGIN { speculate(1); exit(0); }", NULL), D_EXIT_SPEC);
}

T_MAIN()
