/* test_dmacro.c — macro variable expansion: scripts parsed by dparse_script, expanded by
 * dmacro_expand, compared as S-expressions; every error message; defaultargs; probe
 * descriptions; the unused-argument rule; hostile macro names; and strtoull as the witness of
 * integer arguments in decimal, hex and octal. */
#include <inttypes.h>
#include <unistd.h>
#include <stdint.h>

#include "derr.h"
#include "t.h"
#include "dmacro.h"
#include "util.h"

static char *last;
static struct derr E;              /* the last error of run_env / pd_fields */

/* E as -x errtags prints it. */
static const char *tagged(void)
{
	static char text[DERR_TEXT_MAX];
	return derr_format(&E, true, text, sizeof(text));
}
static bool refs[16];

/* Parse `src`, expand with `args` (args[0] is $0) and `env` settings; every item's
 * S-expression, one per line, or "ERR: message". A NULL env uses defaults. */
static const char *run_env(const char *src, int argc, char *const *argv, struct dmacro_env *env)
{
	free(last);
	struct dmacro_env def;
	if (!env) {
		dmacro_env_init(&def, argc, argv);
		env = &def;
	}
	memset(refs, 0, sizeof(refs));
	env->referenced = refs;
	struct dprog *g = dprog_new();
	if (dparse_script(g, "t.d", src, strlen(src), &E) != 0) {
		last = xasprintf("PARSE: %s", tagged());
	} else if (dmacro_expand(g, env, &E) != 0) {
		last = xasprintf("ERR: %s", tagged());
	} else {
		struct strbuf b = {0};
		strbuf_puts(&b, "");
		for (struct dnode *n = g->items; n; n = n->next) {
			char *s = dnode_sexpr(n);
			strbuf_printf(&b, "%s%s", b.len ? "\n" : "", s);
			free(s);
		}
		last = strbuf_take(&b);
	}
	dprog_free(g);
	return last;
}

static const char *run(const char *src, char *const *argv, int argc)
{
	return run_env(src, argc, argv, NULL);
}

/* The statement printed for `BEGIN { x = E; }` with E expanded. */
static const char *assigned(const char *e, char *const *argv, int argc)
{
	char *src = xasprintf("BEGIN { x = %s; }", e);
	const char *r = run(src, argv, argc);
	free(src);
	static char buf[1024];
	const char *pre = "(clause (probes \"BEGIN\") (stmt (assign (var x) ";
	if (strncmp(r, pre, strlen(pre)) == 0) {
		snprintf(buf, sizeof(buf), "%s", r + strlen(pre));
		size_t n = strlen(buf);
		if (n >= 3)
			buf[n - 3] = '\0';  /* ")))" */
		return buf;
	}
	return r;
}

T_CASE(integers_in_d_syntax)
{
	char *const *a; int n;
	a = (char *const[]){ "t.d", "42", "0x2a", "052", "10ul", "-5", "+7", "0" }; n = 8;
	T_EQ_STR(assigned("$1", a, n), "(int 42)");
	T_EQ_STR(assigned("$2", a, n), "(int 42)");
	T_EQ_STR(assigned("$3", a, n), "(int 42)");
	T_EQ_STR(assigned("$4", a, n), "(int 10)");
	T_EQ_STR(assigned("$5", a, n), "(- (int 5))");
	T_EQ_STR(assigned("$6", a, n), "(int 7)");
	T_EQ_STR(assigned("$7", a, n), "(int 0)");
	T_EQ_STR(assigned("$1 + $5 * $3", a, n), "(+ (int 42) (* (- (int 5)) (int 42)))");
}

/* The constant's C type follows the suffix and value as in the lexer. */
T_CASE(integer_types)
{
	char *argv[] = { "t.d", "10ul", "4294967295", "0xffffffff", "9223372036854775808u" };
	struct dmacro_env env;
	dmacro_env_init(&env, 5, argv);
	struct dprog *g = dprog_new();
	const char *src = "BEGIN { a = $1; b = $2; c = $3; d = $4; }";
	T_EQ_INT(dparse_script(g, "t.d", src, strlen(src), &E), 0);
	T_EQ_INT(dmacro_expand(g, &env, &E), 0);
	struct dnode *s = g->items->body->args;
	struct dnode *v[4];
	for (int i = 0; i < 4; i++, s = s->next)
		v[i] = s->lhs->rhs;
	T_EQ_INT(v[0]->kind, DN_INT);
	T_CHECK(v[0]->is_unsigned && v[0]->longness == 1);
	T_CHECK(!v[1]->is_unsigned && v[1]->longness == 1);      /* decimal: long */
	T_CHECK(v[2]->is_unsigned && v[2]->longness == 0);       /* hex: unsigned int */
	T_EQ_UINT(v[3]->ival, 9223372036854775808ull);
	T_CHECK(v[3]->is_unsigned && v[3]->longness == 1);
	dprog_free(g);
}

/* strtoull is the witness: random values written in three bases come back unchanged. */
T_CASE(integers_against_strtoull)
{
	uint64_t x = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < 300; i++) {
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		uint64_t v = x >> (i % 64);
		char dec[32], hex[32], oct[32];
		/* Decimal beyond long is refused by D without 'u'. */
		snprintf(dec, sizeof(dec), "%" PRIu64 "%s", v, v > INT64_MAX ? "u" : "");
		snprintf(hex, sizeof(hex), "0x%" PRIx64, v);
		snprintf(oct, sizeof(oct), "0%" PRIo64, v);
		const char *forms[3] = { dec, hex, oct };
		for (int f = 0; f < 3; f++) {
			char *argv[] = { "t.d", (char *)forms[f] };
			char *want = xasprintf("(int %llu)", (unsigned long long)strtoull(forms[f], NULL, 0));
			T_EQ_STR(assigned("$1", argv, 2), want);
			free(want);
		}
	}
}

T_CASE(identifiers_and_strings)
{
	char *const *a; int n;
	a = (char *const[]){ "script.d", "execname", "hello world", "\"quoted\"", "a\\tb", "-abc", "", "\"" };
	n = 8;
	T_EQ_STR(assigned("$1", a, n), "(var execname)");
	T_EQ_STR(assigned("$2", a, n), "(string \"hello world\")");
	T_EQ_STR(assigned("$3", a, n), "(string \"quoted\")");
	T_EQ_STR(assigned("$$3", a, n), "(string \"\\\"quoted\\\"\")");
	T_EQ_STR(assigned("$4", a, n), "(string \"a\\tb\")");
	T_EQ_STR(assigned("$5", a, n), "(string \"-abc\")");
	T_EQ_STR(assigned("$6", a, n), "(string \"\")");
	T_EQ_STR(assigned("$7", a, n), "(string \"\\\"\")");
	T_EQ_STR(assigned("$0", a, n), "(string \"script.d\")");
	T_EQ_STR(assigned("$$1", a, n), "(string \"execname\")");
	T_EQ_STR(assigned("$$0", a, n), "(string \"script.d\")");
	a = (char *const[]){ "t.d", "42", "0x10" }; n = 3;
	T_EQ_STR(assigned("$$1", a, n), "(string \"42\")");
	T_EQ_STR(assigned("$$2", a, n), "(string \"0x10\")");
	a = (char *const[]){ "t.d", "\\101\\x42\\n" }; n = 2;
	T_EQ_STR(assigned("$$1", a, n), "(string \"AB\\n\")");
}

T_CASE(undefined_arguments)
{
	char *argv[] = { "t.d", "1", "2" };
	T_EQ_STR(run("BEGIN\n{\n\tx = $3;\n}", argv, 3), "ERR: [D_MACRO_UNDEF] line 3: macro argument $3 is not defined");
	T_EQ_STR(run("BEGIN\n{\n\tx = $$3;\n}", argv, 3), "ERR: [D_MACRO_UNDEF] line 3: macro argument $$3 is not defined");
	T_EQ_STR(run("BEGIN { x = $1; }", argv, 1), "ERR: [D_MACRO_UNDEF] line 1: macro argument $1 is not defined");
	/* The first in source order. */
	T_EQ_STR(run("BEGIN { x = $5; }\nBEGIN { y = $4; }", argv, 3),
		 "ERR: [D_MACRO_UNDEF] line 1: macro argument $5 is not defined");
	T_EQ_STR(run("BEGIN /$7/ { x = $5; }", argv, 3), "ERR: [D_MACRO_UNDEF] line 1: macro argument $7 is not defined");
}

T_CASE(defaultargs)
{
	char *argv[] = { "t.d", "5" };
	struct dmacro_env env;
	dmacro_env_init(&env, 2, argv);
	env.defaultargs = true;
	T_EQ_STR(run_env("BEGIN { a = $1; b = $2; c = $$2; d = $9; }", 2, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (assign (var a) (int 5))) (stmt (assign (var b) (int 0)))"
		 " (stmt (assign (var c) (string \"\"))) (stmt (assign (var d) (int 0))))");
	T_CHECK(refs[1]);
	/* A supplied argument is still its own value. */
	T_EQ_STR(run_env("BEGIN { c = $$1; }", 2, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (assign (var c) (string \"5\"))))");
}

T_CASE(bad_integer_arguments)
{
	char *argv[] = { "t.d", "12ab", "99999999999999999999", "0x", "08", "- 5", "1e5" };
	T_EQ_STR(run("BEGIN { x = $1; }", argv, 6),
		 "ERR: [D_MACRO_OFLOW] line 1: macro argument $1 constant 12ab is not a valid integer: "
		 "invalid suffix 'ab' on integer constant");
	T_EQ_STR(run("BEGIN { x = $2; }", argv, 6),
		 "ERR: [D_MACRO_OFLOW] line 1: macro argument $2 constant 99999999999999999999 results in integer overflow");
	T_EQ_STR(run("BEGIN { x = $3; }", argv, 6), "ERR: [D_MACRO_OFLOW] line 1: macro argument $3 constant 0x is not a "
		 "valid integer: invalid hexadecimal constant '0x'");
	T_EQ_STR(run("BEGIN { x = $4; }", argv, 6), "ERR: [D_MACRO_OFLOW] line 1: macro argument $4 constant 08 is not a "
		 "valid integer: invalid digit '8' in octal constant");
	T_EQ_STR(run("BEGIN { x = $6; }", argv, 7), "ERR: [D_MACRO_OFLOW] line 1: macro argument $6 constant 1e5 is not a "
		 "valid integer");
	/* Not a word: a string, as dtrace does. As $$N every one is a string. */
	T_EQ_STR(assigned("$5", argv, 6), "(string \"- 5\")");
	T_EQ_STR(assigned("$$1", argv, 6), "(string \"12ab\")");
	T_EQ_STR(assigned("$$2", argv, 6), "(string \"99999999999999999999\")");
}

T_CASE(process_macro_variables)
{
	char *argv[] = { "t.d" };
	struct dmacro_env env;
	dmacro_env_init(&env, 1, argv);
	T_EQ_INT(env.pid, getpid());
	T_EQ_INT(env.ppid, getppid());
	T_EQ_INT(env.uid, getuid());
	T_EQ_INT(env.gid, getgid());
	T_EQ_INT(env.euid, geteuid());
	T_EQ_INT(env.egid, getegid());
	T_EQ_INT(env.pgid, getpgid(0));
	T_EQ_INT(env.sid, getsid(0));
	env.pid = 1234; env.ppid = 1; env.uid = 1000; env.gid = 100; env.euid = 0; env.egid = 5;
	env.pgid = 77; env.sid = 78;
	T_EQ_STR(run_env("BEGIN { trace($pid + $ppid + $uid + $gid + $euid + $egid + $pgid + $sid); }",
			 1, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (call trace (+ (+ (+ (+ (+ (+ (+ (int 1234) (int 1)) "
		 "(int 1000)) (int 100)) (int 0)) (int 5)) (int 77)) (int 78)))))");
	/* Solaris's project and task ids: DTrace for Linux does not define them (observed:
	 * dtrace -n 'BEGIN { trace($projid); }' says "macro variable $projid is not defined") */
	T_EQ_STR(run_env("BEGIN { x = $projid; }", 1, argv, &env),
		 "ERR: [D_MACRO_UNDEF] line 1: macro variable $projid is not defined");
	T_EQ_STR(run_env("BEGIN { x = $taskid; }", 1, argv, &env),
		 "ERR: [D_MACRO_UNDEF] line 1: macro variable $taskid is not defined");
	/* no -c/-p: dtrace's $target is 0 */
	T_EQ_STR(run_env("BEGIN { x = $target; }", 1, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (assign (var x) (int 0))))");
	T_EQ_STR(run_env("BEGIN { x = $nosuch; }", 1, argv, &env),
		 "ERR: [D_MACRO_UNDEF] line 1: macro variable $nosuch is not defined");
	env.target = 4321;
	T_EQ_STR(run_env("BEGIN { x = $target; }", 1, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (assign (var x) (int 4321))))");	/* The string forms of named variables, as dtrace accepts them. */
	T_EQ_STR(run_env("BEGIN { x = $$target; y = $$pid; }", 1, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (assign (var x) (string \"4321\"))) "
		 "(stmt (assign (var y) (string \"1234\"))))");
}

/* Macros anywhere an expression may be: predicates, keys, if, ?:, calls, inlines, indexes. */
T_CASE(everywhere)
{
	char *argv[] = { "t.d", "3", "name" };
	const char *r = run("inline int lim = $1;\n"
			    "syscall::read:entry /pid == $1 && $2 != 0/ {\n"
			    "\t@c[$$2, $1] = count(); a[$1] = $2;\n"
			    "\tif ($1 > 2) { x = $1 ? $2 : $$1; } else trace($1);\n"
			    "\tprintf(\"%d %s\", $1, $$2);\n}\n", argv, 3);
	T_CHECK(strchr(r, '$') == NULL);
	T_EQ_STR(r, "(inline \"int\" lim (int 3))\n"
		 "(clause (probes \"syscall::read:entry\") (pred (&& (== (var pid) (int 3)) (!= (var name) (int 0))))"
		 " (stmt (assign @c[(string \"name\") (int 3)] (call count)))"
		 " (stmt (assign (index (var a) (int 3)) (var name)))"
		 " (if (> (int 3) (int 2)) (block (stmt (assign (var x) (? (int 3) (var name) (string \"3\")))))"
		 " (stmt (call trace (int 3))))"
		 " (stmt (call printf (string \"%d %s\") (int 3) (string \"name\"))))");
}

static const char *pd_fields(const char *src, int argc, char *const *argv, struct dmacro_env *env)
{
	free(last);
	memset(refs, 0, sizeof(refs));
	env->referenced = refs;
	struct dprog *g = dprog_new();
	struct strbuf b = {0};
	strbuf_puts(&b, "");
	if (dparse_script(g, "t.d", src, strlen(src), &E) != 0)
		strbuf_printf(&b, "PARSE: %s", tagged());
	else if (dmacro_expand(g, env, &E) != 0)
		strbuf_printf(&b, "ERR: %s", tagged());
	else
		for (struct dnode *p = g->items->args; p; p = p->next)
			strbuf_printf(&b, "%s[%s|%s|%s|%s=%s]", b.len ? " " : "", p->pd[0], p->pd[1],
				      p->pd[2], p->pd[3], p->name);
	(void)argc; (void)argv;
	dprog_free(g);
	last = strbuf_take(&b);
	return last;
}

T_CASE(probe_descriptions)
{
	char *argv[] = { "t.d", "1234", "myprov", "mod", "extra" };
	struct dmacro_env env;
	dmacro_env_init(&env, 5, argv);
	env.target = 99;
	env.pid = 555;
	T_EQ_STR(pd_fields("pid$1::malloc:entry, python$target:::function-entry,\n"
			   "$2:$$3:f$1x:entry, p$pid:::x { }", 5, argv, &env),
		 "[pid1234||malloc|entry=pid1234::malloc:entry] "
		 "[python99|||function-entry=python99:::function-entry] "
		 "[myprov|mod|f1234x|entry=myprov:mod:f1234x:entry] "
		 "[p555|||x=p555:::x]");
	T_CHECK(refs[1] && refs[2] && refs[3] && !refs[4]);
	/* Only the first variable of a field is one; the rest is text. */
	T_EQ_STR(pd_fields("pid$1::a$2:entry { }", 5, argv, &env),
		 "[pid1234||amyprov|entry=pid1234::amyprov:entry]");
	/* The S-expression shows the substituted text. */
	T_EQ_STR(run_env("pid$1::malloc:entry { }", 5, argv, &env),
		 "(clause (probes \"pid1234::malloc:entry\"))");
}

T_CASE(probe_description_errors)
{
	char *argv[] = { "t.d", "1234" };
	struct dmacro_env env;
	dmacro_env_init(&env, 2, argv);
	const char *want = "ERR: [D_PDESC_INVAL] line 2: invalid probe description \"pid$5::malloc:entry\": "
			   "Undefined macro variable in probe description";
	T_EQ_STR(pd_fields("BEGIN { }\npid$5::malloc:entry { }", 2, argv, &env), want);
	env.defaultargs = true;  /* no default in descriptions, as in dtrace */
	T_EQ_STR(pd_fields("BEGIN { }\npid$5::malloc:entry { }", 2, argv, &env), want);
	T_EQ_STR(pd_fields("python$target:::x { }", 2, argv, &env), "[python0|||x=python0:::x]");
	T_EQ_STR(pd_fields("pid$nosuch:::x { }", 2, argv, &env),
		 "ERR: [D_PDESC_INVAL] line 1: invalid probe description \"pid$nosuch:::x\": "
		 "Undefined macro variable in probe description");
	T_EQ_STR(pd_fields("pid$99999999999999999999:::x { }", 2, argv, &env),
		 "ERR: [D_PDESC_INVAL] line 1: invalid probe description \"pid$99999999999999999999:::x\": "
		 "Undefined macro variable in probe description");
}

T_CASE(unused_arguments)
{
	struct derr err;
	char *argv[] = { "t.d", "a", "b" };
	struct dmacro_env env;
	dmacro_env_init(&env, 3, argv);
	run_env("BEGIN { x = $1; }", 3, argv, &env);
	T_EQ_INT(dmacro_check_unused(&env, 7, &err), -1);
	T_EQ_INT(err.tag, D_MACRO_UNUSED);
	T_EQ_INT(err.at, DERR_AT_LINE);
	T_EQ_INT(err.line, 7);
	T_EQ_STR(err.msg, "extraneous argument 'b' ($2 is not referenced)");
	/* Only the last argument counts, as in dtrace. */
	run_env("BEGIN { x = $2; }", 3, argv, &env);
	T_EQ_INT(dmacro_check_unused(&env, 7, &err), 0);
	run_env("BEGIN { x = $$2; }", 3, argv, &env);
	T_EQ_INT(dmacro_check_unused(&env, 7, &err), 0);
	run_env("pid$2:::entry { }", 3, argv, &env);
	T_EQ_INT(dmacro_check_unused(&env, 7, &err), 0);
	run_env("BEGIN { }", 3, argv, &env);
	env.argref = true;
	T_EQ_INT(dmacro_check_unused(&env, 7, &err), 0);
	env.argref = false;
	T_EQ_INT(dmacro_check_unused(&env, 1, &err), -1);
	T_EQ_INT(err.line, 1);
	T_EQ_STR(err.msg, "extraneous argument 'b' ($2 is not referenced)");
	/* $0 alone is never extraneous. */
	dmacro_env_init(&env, 1, argv);
	run_env("BEGIN { }", 1, argv, &env);
	T_EQ_INT(dmacro_check_unused(&env, 1, &err), 0);
}

T_CASE(hostile_macros)
{
	char *argv[] = { "t.d", "1" };
	T_EQ_STR(run("BEGIN { x = $99999; }", argv, 2), "ERR: [D_MACRO_UNDEF] line 1: macro argument $99999 is not defined");
	T_EQ_STR(run("BEGIN { x = $99999999999999999999999999; }", argv, 2),
		 "ERR: [D_MACRO_UNDEF] line 1: macro argument $99999999999999999999999999 is not defined");
	struct dmacro_env env;
	dmacro_env_init(&env, 2, argv);
	env.defaultargs = true;
	T_EQ_STR(run_env("BEGIN { x = $99999999999999999999999999; }", 2, argv, &env),
		 "(clause (probes \"BEGIN\") (stmt (assign (var x) (int 0))))");
	/* The lexer refuses these before expansion. */
	T_EQ_STR(run("BEGIN { x = $-1; }", argv, 2), "PARSE: [D_SYNTAX] line 1: syntax error near \"$\"");
	T_EQ_STR(run("BEGIN { x = $$; }", argv, 2), "PARSE: [D_SYNTAX] line 1: syntax error near \"$\"");
	/* Nodes the lexer would never make still get a message, not a crash. */
	const char *names[] = { "$", "$$", "$-1", "$1x", "$$$", "x1", "$a-b", "$$$1" };
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		struct dprog *g = dprog_new();
		const char *src = "BEGIN { x = $1; }";
		T_EQ_INT(dparse_script(g, "t.d", src, strlen(src), &E), 0);
		struct dnode *m = g->items->body->args->lhs->rhs;
		T_EQ_INT(m->kind, DN_MACRO);
		free(m->name);
		m->name = xstrdup(names[i]);
		dmacro_env_init(&env, 2, argv);
		T_EQ_INT(dmacro_expand(g, &env, &E), -1);
		char *want = xasprintf("[D_SYNTAX] line 1: invalid macro variable '%s'", names[i]);
		T_EQ_STR(tagged(), want);
		free(want);
		dprog_free(g);
	}
}

/* Random argument bytes through every form: a result or a "line N: " message, never a crash
 * (the ASan build checks memory); a $$N string is the argument up to an escaped NUL. */
T_CASE(random_arguments)
{
	uint64_t x = 0x2545f4914f6cdd1dull;
	static const char alphabet[] = "0123456789abcxXuUlL-+\\\"' :$_`\t.";
	for (int i = 0; i < 2000; i++) {
		char arg[24];
		x ^= x << 13; x ^= x >> 7; x ^= x << 17;
		size_t n = x % sizeof(arg);
		for (size_t k = 0; k < n; k++) {
			x ^= x << 13; x ^= x >> 7; x ^= x << 17;
			arg[k] = (i & 1) ? (char)(1 + x % 255) : alphabet[x % (sizeof(alphabet) - 1)];
		}
		arg[n] = '\0';
		char *argv[] = { "t.d", arg };
		const char *r = run("pid$1:::entry { x = $1; y = $$1; }", argv, 2);
		bool fine = strncmp(r, "(clause ", 8) == 0 ||
			    (strncmp(r, "ERR: ", 5) == 0 && E.at == DERR_AT_LINE && E.line == 1);
		if (!fine)
			T_EQ_STR(r, "a clause or ERR: line 1: ...");
		bool plain = true;
		for (size_t k = 0; k < n; k++)
			plain = plain && arg[k] >= 0x20 && arg[k] < 0x7f && arg[k] != '"' && arg[k] != '\\';
		if (plain && strncmp(r, "(clause ", 8) == 0) {
			/* The description is the argument's exact text, ':' and '$' included. */
			char *want = xasprintf("(clause (probes \"pid%s:::entry\")", arg);
			T_EQ_INT(strncmp(r, want, strlen(want)), 0);
			free(want);
		}
	}
}

/* Expansion leaves a program with no macro in it; a second pass finds nothing to do. */
T_CASE(idempotent)
{
	char *argv[] = { "t.d", "7", "ab" };
	struct dmacro_env env;
	dmacro_env_init(&env, 3, argv);
	struct dprog *g = dprog_new();
	const char *src = "pid$1:::entry /$1/ { x = $2; y = $$1; }";
	T_EQ_INT(dparse_script(g, "t.d", src, strlen(src), &E), 0);
	T_EQ_INT(dmacro_expand(g, &env, &E), 0);
	char *a = dnode_sexpr(g->items);
	T_EQ_INT(dmacro_expand(g, &env, &E), 0);
	char *b = dnode_sexpr(g->items);
	T_EQ_STR(a, b);
	T_EQ_STR(a, "(clause (probes \"pid7:::entry\") (pred (int 7)) (stmt (assign (var x) (var ab)))"
		 " (stmt (assign (var y) (string \"7\"))))");
	free(a);
	free(b);
	dprog_free(g);
}

T_MAIN()
