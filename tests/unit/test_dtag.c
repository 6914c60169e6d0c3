/* Unit tests for dtag.c and derr.c: every tag of the table has its own libdtrace name and a
 * meaning, an error record prints as dtrace words it (with its tag only under -x errtags), and
 * the compiler stages tag their errors (a program per stage, checked end to end). */
#include "t.h"
#include "dcheck.h"
#include "derr.h"
#include "dmacro.h"
#include "dparse.h"
#include "dtag.h"
#include "util.h"

T_CASE(names_are_complete_and_distinct)
{
	for (int t = 0; t < DTAG_COUNT; t++) {
		const char *n = dtag_name((enum dtag)t);
		T_CHECK(n != NULL && strncmp(n, "D_", 2) == 0);
		T_CHECK(dtag_meaning((enum dtag)t)[0] != '\0');
		for (int u = 0; u < t; u++)
			T_CHECK(strcmp(n, dtag_name((enum dtag)u)) != 0);
	}
	T_EQ_INT(D_UNKNOWN, 0);
	T_EQ_STR(dtag_name(D_SYNTAX), "D_SYNTAX");
	T_EQ_STR(dtag_name(D_LLQUANT_MATCHSTEPS), "D_LLQUANT_MATCHSTEPS");
	T_EQ_STR(dtag_name((enum dtag)DTAG_COUNT), "D_UNKNOWN");
	T_EQ_STR(dtag_name(DTAG_NONE), "D_UNKNOWN");
	T_EQ_STR(dtag_meaning(DTAG_NONE), "");
}

static const char *fmt(const struct derr *e, bool errtags)
{
	static char buf[DERR_TEXT_MAX];
	return derr_format(e, errtags, buf, sizeof(buf));
}

T_CASE(record_formats_as_dtrace_words_it)
{
	struct derr e;
	T_EQ_INT(derr_set_line(&e, D_PROTO_LEN, 3, "x %d", 1), -1);
	T_EQ_INT(e.tag, D_PROTO_LEN);
	T_EQ_INT(e.kind, DERR_SOURCE);
	T_EQ_STR(e.msg, "x 1");
	T_EQ_STR(fmt(&e, true), "[D_PROTO_LEN] line 3: x 1");
	T_EQ_STR(fmt(&e, false), "line 3: x 1");
	/* each way of showing the position */
	T_EQ_INT(derr_locate(&e, DERR_AT_FILE, "p.d", 2, 7), -1);
	T_EQ_STR(fmt(&e, false), "p.d:2:7: x 1");
	e.at = DERR_AT_ACTIONS;
	T_EQ_STR(fmt(&e, true), "[D_PROTO_LEN] in action list: x 1");
	e.at = DERR_AT_NONE;
	T_EQ_STR(fmt(&e, true), "[D_PROTO_LEN] x 1");
	derr_set_line(&e, D_EMPTY, -1, "empty");
	T_EQ_STR(fmt(&e, true), "[D_EMPTY] line : empty");
	/* D_UNKNOWN is a tag; DTAG_NONE is none */
	derr_set(&e, D_UNKNOWN, "u");
	T_EQ_STR(fmt(&e, true), "[D_UNKNOWN] u");
	derr_set(&e, DTAG_NONE, "Invalid option name");
	T_EQ_INT(e.at, DERR_AT_NONE);
	T_EQ_STR(fmt(&e, true), "Invalid option name");
	T_EQ_INT(derr_set_kind(&e, DERR_ALONE), -1);
	T_EQ_INT(e.kind, DERR_ALONE);
	/* no record wanted */
	T_EQ_INT(derr_set(NULL, D_SYNTAX, "ignored"), -1);
	T_EQ_INT(derr_locate(NULL, DERR_AT_LINE, NULL, 1, 0), -1);
	/* truncation never overruns */
	char small[8];
	derr_set(&e, D_SYNTAX, "long message");
	T_EQ_STR(derr_format(&e, true, small, sizeof(small)), "[D_SYNT");
}

/* The tag each stage gives: lexer, parser, macro expander, checker. */
static enum dtag tag_of_program(const char *src, const char *arg1)
{
	struct derr err;
	struct dprog *g = dprog_new();
	enum dtag tag = DTAG_COUNT;
	if (dparse_script(g, "t.d", src, strlen(src), &err) != 0) {
		tag = err.tag;
		goto out;
	}
	struct dmacro_env env = {0};
	char *argv[] = { "t.d", (char *)arg1 };
	env.argv = argv;
	env.argc = arg1 ? 2 : 1;
	if (dmacro_expand(g, &env, &err) != 0) {
		tag = err.tag;
		goto out;
	}
	struct dck_prog *ck = NULL;
	if (dcheck_program(g, NULL, &ck, &err) != 0)
		tag = err.tag;
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
