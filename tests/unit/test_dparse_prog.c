/* test_dparse_prog.c — whole D programs to S-expressions: precedence and associativity, the
 * predicate's `/`, dangling else, casts against parenthesised names, clause forms, declarations
 * between clauses, pragmas, macro variables, aggregations, command-line clauses; the valid
 * corpus tests/d/parse_valid (X.d with its S-expressions in X.d.sexpr), the invalid corpus
 * tests/d/parse_invalid (X.d with the exact message in X.d.err); and a mutation run showing no
 * input crashes or hangs the parser. Corpus paths are relative to the repository top (or $TOP).
 * Longer mutation runs: DPARSE_FUZZ_ITERS=N DPARSE_FUZZ_SEED=S. */
#include <dirent.h>
#include <stdint.h>

#include "derr.h"
#include "t.h"
#include "dparse.h"
#include "util.h"

static char *last;

/* e as -x errtags prints it. */
static const char *tagged(const struct derr *e)
{
	static char text[DERR_TEXT_MAX];
	return derr_format(e, true, text, sizeof(text));
}

/* Every item of `src`, one S-expression per line, or "ERR: message". */
static const char *parse(const char *src)
{
	free(last);
	struct derr err;
	struct dprog *g = dprog_new();
	if (dparse_script(g, "t.d", src, strlen(src), &err) != 0) {
		last = xasprintf("ERR: %s", tagged(&err));
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

/* The statement of `BEGIN { E; }` for an expression E. */
static const char *expr(const char *e)
{
	char *src = xasprintf("BEGIN { %s; }", e);
	const char *r = parse(src);
	free(src);
	static char buf[4096];
	const char *pre = "(clause (probes \"BEGIN\") (stmt ";
	if (strncmp(r, pre, strlen(pre)) == 0 && strlen(r) < sizeof(buf)) {
		snprintf(buf, sizeof(buf), "%s", r + strlen(pre));
		buf[strlen(buf) - 2] = '\0';
		return buf;
	}
	return r;
}

T_CASE(brief_example)
{
	T_EQ_STR(parse("syscall::read:entry /arg0 > 0/ { @a[execname] = count(); }"),
		 "(clause (probes \"syscall::read:entry\") (pred (> (var arg0) (int 0))) "
		 "(stmt (assign @a[(var execname)] (call count))))");
}

T_CASE(precedence_ladder)
{
	T_EQ_STR(expr("a || b ^^ c && d | e ^ f & g == h < i << j + k * l"),
		 "(|| (var a) (^^ (var b) (&& (var c) (| (var d) (^ (var e) (& (var f) (== (var g) "
		 "(< (var h) (<< (var i) (+ (var j) (* (var k) (var l))))))))))))");
	T_EQ_STR(expr("a * b + c << d < e == f & g ^ h | i && j ^^ k || l"),
		 "(|| (^^ (&& (| (^ (& (== (< (<< (+ (* (var a) (var b)) (var c)) (var d)) (var e)) "
		 "(var f)) (var g)) (var h)) (var i)) (var j)) (var k)) (var l))");
	T_EQ_STR(expr("a != b >= c"), "(!= (var a) (>= (var b) (var c)))");
	T_EQ_STR(expr("-a * !b"), "(* (- (var a)) (! (var b)))");
	T_EQ_STR(expr("a = b, c"), "(, (assign (var a) (var b)) (var c))");
}

T_CASE(associativity)
{
	T_EQ_STR(expr("a - b - c"), "(- (- (var a) (var b)) (var c))");
	T_EQ_STR(expr("a / b % c"), "(% (/ (var a) (var b)) (var c))");
	T_EQ_STR(expr("a = b += c <<= d"), "(assign (var a) (+= (var b) (<<= (var c) (var d))))");
	T_EQ_STR(expr("a ? b : c ? d : e"), "(? (var a) (var b) (? (var c) (var d) (var e)))");
	T_EQ_STR(expr("a ? b, c : d"), "(? (var a) (, (var b) (var c)) (var d))");
	T_EQ_STR(expr("a, b, c"), "(, (, (var a) (var b)) (var c))");
	T_EQ_STR(expr("- - a"), "(- (- (var a)))");
	T_EQ_STR(expr("*p++"), "(* (post++ (var p)))");
	T_EQ_STR(expr("++*p"), "(++ (* (var p)))");
	/* dtrace calls any postfix expression and refuses a designator that is not a name once
	 * the call is built (dt_node_func) */
	T_EQ_STR(expr("a->b.c[1](x)"),
		 "ERR: [D_FUNC_IDENT] line 1: function designator is not of function type");
}

T_CASE(compound_assignments)
{
	const char *ops[] = { "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=" };
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		char *e = xasprintf("x %s 1", ops[i]);
		char *want = xasprintf("(%s (var x) (int 1))", i == 0 ? "assign" : ops[i]);
		T_EQ_STR(expr(e), want);
		free(e);
		free(want);
	}
}

T_CASE(postfix_and_primary)
{
	T_EQ_STR(expr("args[0]->tv_sec + curthread->pid"),
		 "(+ (-> (index (var args) (int 0)) tv_sec) (-> (var curthread) pid))");
	T_EQ_STR(expr("a[1, \"x\"]"), "(index (var a) (int 1) (string \"x\"))");
	T_EQ_STR(expr("s.m--"), "(post-- (. (var s) m))");
	T_EQ_STR(expr("self->ts = timestamp"), "(assign (self ts) (var timestamp))");
	T_EQ_STR(expr("this->x[3]"), "(index (this x) (int 3))");
	T_EQ_STR(expr("'a' + 0x10 + 017 + 5ul"), "(+ (+ (+ (int 97) (int 16)) (int 15)) (int 5))");
	T_EQ_STR(expr("printf(\"%d\\n\", 1)"), "(call printf (string \"%d\\n\") (int 1))");
	T_EQ_STR(expr("f()"), "(call f)");
	T_EQ_STR(expr("stringof(x) + stringof y"), "(+ (stringof (var x)) (stringof (var y)))");
	T_EQ_STR(expr("sizeof(int) + sizeof x + sizeof(x)"),
		 "(+ (+ (sizeof \"int\") (sizeof (var x))) (sizeof (var x)))");
	T_EQ_STR(expr("1.5"), "ERR: [D_SYNTAX] line 1: floating-point constants are not permitted");
	T_EQ_STR(expr("xlate <int> (x)"), "(xlate \"int\" (var x))");
	T_EQ_STR(expr("xlate<struct foo *>(p + 1)->m + xlate < long > (a, b).n"),
		 "(+ (-> (xlate \"struct foo *\" (+ (var p) (int 1))) m) (. (xlate \"long\" (, (var a) (var b))) n))");
	T_EQ_STR(expr("xlate(x)"), "ERR: [D_SYNTAX] line 1: syntax error near \"(\"");
}

T_CASE(casts_and_parentheses)
{
	/* x is no type: a parenthesised name, then a subtraction */
	T_EQ_STR(expr("(x) - 1"), "(- (var x) (int 1))");
	T_EQ_STR(expr("(int) - 1"), "(cast \"int\" (- (int 1)))");
	T_EQ_STR(expr("(struct foo *)arg0"), "(cast \"struct foo *\" (var arg0))");
	T_EQ_STR(expr("(unsigned long long)(x) * 2"), "(* (cast \"unsigned long long\" (var x)) (int 2))");
	T_EQ_STR(expr("(char **)p"), "(cast \"char **\" (var p))");
	T_EQ_STR(expr("(uint32_t)a"), "(cast \"uint32_t\" (var a))");
	T_EQ_STR(parse("typedef int myint; BEGIN { a = (myint) - 1; b = (x) - 1; }"),
		 "(clause (probes \"BEGIN\") (stmt (assign (var a) (cast \"myint\" (- (int 1))))) "
		 "(stmt (assign (var b) (- (var x) (int 1)))))");
	T_EQ_STR(parse("struct s { int a; int b; }; BEGIN { x = offsetof(struct s, b); }"),
		 "(clause (probes \"BEGIN\") (stmt (assign (var x) (offsetof \"struct s\" b))))");
}

T_CASE(predicate_slash)
{
	T_EQ_STR(parse("BEGIN /a / b > 0/ { }"),
		 "(clause (probes \"BEGIN\") (pred (> (/ (var a) (var b)) (int 0))))");
	T_EQ_STR(parse("BEGIN /a/b/{x}"), "(clause (probes \"BEGIN\") (pred (/ (var a) (var b))) (stmt (var x)))");
	/* a predicate needs actions after it (dt_grammar.y); at the end, the `/` read it ahead */
	T_EQ_STR(parse("BEGIN /(a / b) / c/"), "ERR: [D_SYNTAX] line 1: syntax error near end-of-input");
	T_EQ_STR(parse("BEGIN /x/ ;"), "ERR: [D_SYNTAX] line 1: expected actions { } following probe "
		 "description and predicate");
	T_EQ_STR(parse("BEGIN /arr[a / 2] / 3/ {}"),
		 "(clause (probes \"BEGIN\") (pred (/ (index (var arr) (/ (var a) (int 2))) (int 3))))");
	T_EQ_STR(parse("BEGIN { x = a / b / c; }"),
		 "(clause (probes \"BEGIN\") (stmt (assign (var x) (/ (/ (var a) (var b)) (var c)))))");
	T_EQ_STR(parse("BEGIN /* c */ /x/ /* d */ {}"), "(clause (probes \"BEGIN\") (pred (var x)))");
	/* D has no // comments (dtrace's lexer reads two slashes) */
	T_EQ_STR(parse("BEGIN // c\n{}"), "ERR: [D_SYNTAX] line 1: syntax error near \"/\"");
}

T_CASE(dangling_else_and_statements)
{
	T_EQ_STR(parse("BEGIN { if (a) if (b) x = 1; else x = 2; }"),
		 "(clause (probes \"BEGIN\") (if (var a) (if (var b) (stmt (assign (var x) (int 1))) "
		 "(stmt (assign (var x) (int 2))))))");
	T_EQ_STR(parse("BEGIN { if (a) { if (b) x = 1; } else { x = 2; y = 3 } }"),
		 "(clause (probes \"BEGIN\") (if (var a) (block (if (var b) (stmt (assign (var x) (int 1))))) "
		 "(block (stmt (assign (var x) (int 2))) (stmt (assign (var y) (int 3))))))");
	T_EQ_STR(parse("BEGIN { if (a) ; else if (b) {} else c }"),
		 "(clause (probes \"BEGIN\") (if (var a) (empty) (if (var b) (block) (stmt (var c)))))");
	T_EQ_STR(parse("BEGIN { ; {} { a; } b }"),
		 "(clause (probes \"BEGIN\") (empty) (block) (block (stmt (var a))) (stmt (var b)))");
	T_EQ_STR(parse("BEGIN { a b }"), "ERR: [D_SYNTAX] line 1: syntax error near \"b }\"");
	T_EQ_STR(parse("BEGIN { while (1) x++; }"), "ERR: [D_SYNTAX] line 1: syntax error near \"while\"");
}

T_CASE(clause_forms)
{
	T_EQ_STR(parse("BEGIN{}"), "(clause (probes \"BEGIN\"))");
	/* in a script a description needs a predicate or actions (a -n argument does not) */
	T_EQ_STR(parse("BEGIN"), "ERR: [D_SYNTAX] line 1: expected predicate and/or actions following probe description");
	T_EQ_STR(parse("BEGIN /1/"), "ERR: [D_SYNTAX] line 1: syntax error near end-of-input");
	T_EQ_STR(parse("ERROR\n{\n}\nEND{}"), "(clause (probes \"ERROR\"))\n(clause (probes \"END\"))");
	T_EQ_STR(parse("a:::b,\nc::d:e ,f\n{ x }"), "(clause (probes \"a:::b\" \"c::d:e\" \"f\") (stmt (var x)))");
	T_EQ_STR(parse("syscall::*read*:entry, fbt:kern?l:[a-z]*:return, pid$1::malloc:entry,"
		       "python$target:::function-entry, tick-1s, profile-997hz, :::, "
		       "pid123:libc.so.6:m?x:entry {}"),
		 "(clause (probes \"syscall::*read*:entry\" \"fbt:kern?l:[a-z]*:return\" "
		 "\"pid$1::malloc:entry\" \"python$target:::function-entry\" \"tick-1s\" "
		 "\"profile-997hz\" \":::\" \"pid123:libc.so.6:m?x:entry\"))");
	T_EQ_STR(parse(""), "");
	/* D's translation unit has no empty declaration (dt_grammar.y): dtrace refuses ";" */
	T_EQ_STR(parse(";;"), "ERR: [D_SYNTAX] line 1: syntax error near \";\"");
}

/* Where the lexer sees a probe description and where C declarations. */
T_CASE(description_or_declaration)
{
	T_EQ_STR(parse("int*x; uint32_t*p; foo* {} int x2;"),
		 "(decl global \"int *\" x)\n(decl global \"uint32_t *\" p)\n"
		 "(clause (probes \"foo*\"))\n(decl global \"int\" x2)");
	T_EQ_STR(parse("struct s { int a; } v; BEGIN{}"),
		 "(decl global \"struct s\" v)\n(clause (probes \"BEGIN\"))");
	T_EQ_STR(parse("BEGIN { x = a-1; y = b:c; }"), "ERR: [D_SYNTAX] line 1: syntax error near \":\"");
	T_EQ_STR(parse("BEGIN { @a[] = count(); }"), "ERR: [D_SYNTAX] line 1: syntax error near \"]\"");
	T_EQ_STR(parse("provider p { probe a(int); };\np:::a{}"), "(clause (probes \"p:::a\"))");
	T_EQ_STR(parse("BEGIN\nEND {}"), "ERR: [D_SYNTAX] line 1: expected predicate and/or actions following probe description");
	T_EQ_STR(parse("profile-1\nint i;"), "ERR: [D_SYNTAX] line 1: expected predicate and/or actions following probe description");
	T_EQ_STR(parse("define\nVALUE 5"), "ERR: [D_SYNTAX] line 1: expected predicate and/or actions following probe description");
}

T_CASE(description_fields)
{
	struct dprog *g = dprog_new();
	struct derr err;
	const char *src = "pid$1::malloc:entry, read:entry, BEGIN {}";
	T_EQ_INT(dparse_script(g, "f.d", src, strlen(src), &err), 0);
	struct dnode *d = g->items->args;
	T_EQ_STR(d->pd[0], "pid$1");
	T_EQ_STR(d->pd[1], "");
	T_EQ_STR(d->pd[2], "malloc");
	T_EQ_STR(d->pd[3], "entry");
	T_EQ_STR(d->next->pd[2], "read");
	T_EQ_STR(d->next->pd[0], "");
	T_EQ_STR(d->next->next->pd[3], "BEGIN");
	T_EQ_INT(d->next->next->pos.col, 34);
	T_EQ_STR(d->pos.file, "f.d");
	dprog_free(g);
}

T_CASE(constants_keep_their_form)
{
	struct dprog *g = dprog_new();
	struct derr err;
	const char *src = "BEGIN { x = 'a'; y = 5ul; z = 0x7fffffffffffffffll; }";
	T_EQ_INT(dparse_script(g, "c.d", src, strlen(src), &err), 0);
	struct dnode *st = g->items->body->args;
	T_CHECK(st->lhs->rhs->is_char);
	T_EQ_INT(st->lhs->rhs->ival, 'a');
	T_CHECK(!st->next->lhs->rhs->is_char);
	T_CHECK(st->next->lhs->rhs->is_unsigned);
	T_EQ_INT(st->next->lhs->rhs->longness, 1);
	T_EQ_INT(st->next->next->lhs->rhs->longness, 2);
	T_EQ_UINT(st->next->next->lhs->rhs->ival, 0x7fffffffffffffffull);
	T_EQ_INT(st->next->next->pos.col, 27);
	T_CHECK(st->lhs->type == NULL);
	dprog_free(g);
}

T_CASE(declarations_between_clauses)
{
	T_EQ_STR(parse("inline int LIMIT = 10;\nself int ts;\nthis string s;\nint x, *y;\n"
		       "string names[int];\nuint64_t m[string, int];\nBEGIN { }\n"
		       "typedef struct conn { int fd; } conn_t;\ninline string NAME = \"a\" \"\";\n"),
		 "ERR: [D_SYNTAX] line 9: syntax error near \"\"\"\"");
	T_EQ_STR(parse("inline int LIMIT = 10 + 1;\nself int ts;\nthis string s;\nint x, *y;\n"
		       "string names[int];\nuint64_t m[string, int];\nBEGIN { }\n"
		       "typedef struct conn { int fd; } conn_t;\nself conn_t *c;\nEND { }"),
		 "(inline \"int\" LIMIT (+ (int 10) (int 1)))\n(decl self \"int\" ts)\n"
		 "(decl this \"string\" s)\n(decl global \"int\" x)\n(decl global \"int *\" y)\n"
		 "(decl global \"string\" names [\"int\"])\n(decl global \"uint64_t\" m [\"string\" \"int\"])\n"
		 "(clause (probes \"BEGIN\"))\n(decl self \"conn_t *\" c)\n(clause (probes \"END\"))");
	T_EQ_STR(parse("extern int errno_x; static long s;"),
		 "(decl global extern \"int\" errno_x)\n(decl global static \"long\" s)");
	T_EQ_STR(parse("int a[4]; BEGIN{}"), "(decl global \"int [4]\" a)\n(clause (probes \"BEGIN\"))");
	T_EQ_STR(parse("self int;"), "ERR: [D_DECL_USELESS] line 1: useless declaration");
	T_EQ_STR(parse("int x = 1;"), "ERR: [D_SYNTAX] line 1: syntax error near \"=\"");
	T_EQ_STR(parse("inline int X;"), "ERR: [D_SYNTAX] line 1: syntax error near \";\"");
	/* translators: the checker judges the types and members */
	T_EQ_STR(parse("translator int < int x > { };"), "(translator \"int\" (in \"int\" x))");
	T_EQ_STR(parse("translator struct out < struct in *p >\n{\n\ta = p->x;\n\tb = 1, p;\n}\n;"),
		 "(translator \"struct out\" (in \"struct in *\" p) (member a (-> (var p) x)) "
		 "(member b (, (int 1) (var p))))");
	T_EQ_STR(parse("translator struct out < struct in *p > { a = 1 };"),
		 "ERR: [D_SYNTAX] line 1: syntax error near \"}\"");
	T_EQ_STR(parse("translator struct out < struct in * > { };"),
		 "ERR: [D_SYNTAX] line 1: syntax error near \">\"");
	/* a provider definition may sit in a program too */
	T_EQ_STR(parse("provider p { probe a(int); }; p*:::a {}"), "(clause (probes \"p*:::a\"))");
}

T_CASE(pragmas)
{
	struct dprog *g = dprog_new();
	struct derr err;
	const char *src = "#!/usr/sbin/dtrace -s\n#pragma D option quiet\nBEGIN {}\n"
			  "  #pragma D option bufsize=16m\n#pragma once\n";
	T_EQ_INT(dparse_script(g, "p.d", src, strlen(src), &err), 0);
	T_EQ_INT(g->noptions, 2);
	T_EQ_STR(g->options[0].name, "quiet");
	T_CHECK(g->options[0].value == NULL);
	T_EQ_INT(g->options[0].pos.line, 2);
	T_EQ_STR(g->options[1].name, "bufsize");
	T_EQ_STR(g->options[1].value, "16m");
	T_EQ_INT(g->options[1].pos.line, 4);
	T_EQ_STR(g->options[1].pos.file, "p.d");
	dprog_free(g);
	g = dprog_new();
	src = "#pragma D option bufsize=000000000000000000000000000000000000000000000000000000000000000000000016m\n"
	      "#pragma\tD\toption\tflowindent \n";
	T_EQ_INT(dparse_script(g, "p.d", src, strlen(src), &err), 0);
	T_EQ_INT(g->noptions, 2);
	T_EQ_STR(g->options[0].value, "000000000000000000000000000000000000000000000000000000000000000000000016m");
	T_EQ_STR(g->options[1].name, "flowindent");
	dprog_free(g);
	T_EQ_STR(parse("#pragma D option a=1 b=2\nBEGIN{}"), "ERR: [D_PRAGMA_MALFORM] line 1: superfluous arguments specified for #pragma option");
	T_EQ_STR(parse("#pragma D option =1\nBEGIN{}"), "ERR: [D_PRAGMA_OPTSET] line 1: failed to set option '' to '1': Invalid option name");
	T_EQ_STR(parse("#pragma D option\nBEGIN{}"), "ERR: [D_PRAGMA_MALFORM] line 1: malformed #pragma option <option>=<val>");
	T_EQ_STR(parse("BEGIN{}\n#pragma D frobnicate\n"), "ERR: [D_PRAGMA_INVAL] line 2: invalid D pragma: frobnicate");
}

T_CASE(macro_variables_and_aggregations)
{
	T_EQ_STR(parse("pid$1:::entry /pid == $1 && $$2 == \"x\" && ppid != $pid/ { @[probefunc] = count(); }"),
		 "(clause (probes \"pid$1:::entry\") (pred (&& (&& (== (var pid) $1) (== $$2 (string \"x\"))) "
		 "(!= (var ppid) $pid))) (stmt (assign @[(var probefunc)] (call count))))");
	T_EQ_STR(parse("END { printa(\"%s %@d\\n\", @a); trunc(@a, 5); clear(@b); normalize(@c, 1000); "
		       "@q[1, \"x\"] = quantize(arg0); @s = sum(arg1) }"),
		 "(clause (probes \"END\") (stmt (call printa (string \"%s %@d\\n\") @a)) "
		 "(stmt (call trunc @a (int 5))) (stmt (call clear @b)) (stmt (call normalize @c (int 1000))) "
		 "(stmt (assign @q[(int 1) (string \"x\")] (call quantize (var arg0)))) "
		 "(stmt (assign @s (call sum (var arg1)))))");
}

T_CASE(positions_and_lines)
{
	T_EQ_STR(parse("BEGIN\n{\n\tx = ;\n}"), "ERR: [D_SYNTAX] line 3: syntax error near \";\"");
	T_EQ_STR(parse("BEGIN\n{\n\tx = 1;\n"), "ERR: [D_SYNTAX] line 4: syntax error near end of input");
	T_EQ_STR(parse("BEGIN { }\n}"), "ERR: [D_SYNTAX] line 2: syntax error near \"}\"");
	/* cpp line markers (-C) re-base lines */
	T_EQ_STR(parse("# 10 \"x.d\"\nBEGIN\n{ x = ; }"), "ERR: [D_SYNTAX] \"x.d\", line 11: syntax error near \";\"");
	T_EQ_STR(parse("# 1 \"x.d\"\nsyscall::read:entry\n# 7 \"x.d\"\n/pid/\n{ x =\n# 12 \"y.h\"\n; }"),
		 "ERR: [D_SYNTAX] \"y.h\", line 12: syntax error near \";\"");
	/* a backtick is an identifier character in D (module scoping: vmlinux`jiffies) */
	T_EQ_STR(parse("BEGIN { x = `; }"), "(clause (probes \"BEGIN\") (stmt (assign (var x) (var `))))");
	/* the input ends inside the string: the quote alone is dtrace's offending token */
	T_EQ_STR(parse("BEGIN { x = \"abc; }"), "ERR: [D_SYNTAX] line 1: syntax error near \"\"\"");
}

T_CASE(command_line_clauses)
{
	struct dprog *g = dprog_new();
	struct derr err;
	T_EQ_INT(dparse_clause_arg(g, DPD_NAME, "BEGIN { trace(1); }", &err), 0);
	T_EQ_INT(dparse_clause_arg(g, DPD_NAME, "syscall::read:entry", &err), 0);
	T_EQ_INT(dparse_clause_arg(g, DPD_PROVIDER, "syscall /pid == 1/", &err), 0);
	T_EQ_INT(dparse_clause_arg(g, DPD_MODULE, "libc.so.6", &err), 0);
	T_EQ_INT(dparse_clause_arg(g, DPD_FUNCTION, "pid$1::malloc { @ = count(); }", &err), 0);
	T_EQ_INT(dparse_clause_arg(g, DPD_ID, "42", &err), 0);
	T_EQ_INT(dparse_clause_arg(g, DPD_NAME, "python$target:::*,tick-1s{exit(0)}", &err), 0);
	struct dnode *c = g->items;
	char *s = dnode_sexpr(c);
	T_EQ_STR(s, "(clause (probes \"BEGIN\") (stmt (call trace (int 1))))");
	free(s);
	c = c->next;
	T_EQ_STR(c->args->pd[2], "read");
	T_CHECK(c->body == NULL);
	c = c->next;
	T_EQ_STR(c->args->pd[0], "syscall");
	T_EQ_STR(c->args->pd[3], "");
	T_CHECK(c->cond != NULL);
	c = c->next;
	T_EQ_STR(c->args->pd[1], "libc.so.6");
	T_EQ_STR(c->args->pd[0], "");
	c = c->next;
	T_EQ_STR(c->args->pd[0], "pid$1");
	T_EQ_STR(c->args->pd[2], "malloc");
	c = c->next;
	T_EQ_INT(c->args->ival, 42);
	T_EQ_INT(c->args->spec, DPD_ID);
	c = c->next;
	s = dnode_sexpr(c);
	T_EQ_STR(s, "(clause (probes \"python$target:::*\" \"tick-1s\") (stmt (call exit (int 0))))");
	free(s);
	T_CHECK(c->next == NULL);
	T_EQ_INT(dparse_clause_arg(g, DPD_NAME, "BEGIN { x = }", &err), -1);
	/* dtrace numbers the lines of files only */
	T_EQ_STR(tagged(&err), "[D_SYNTAX] syntax error near \"}\"");
	dprog_free(g);

	g = dprog_new();
	/* -i compiles with the name rules: a word is a name, a number an id, "4-2" both */
	T_EQ_INT(dparse_clause_arg(g, DPD_ID, "abc", &err), 0);
	T_EQ_INT(g->items->args->spec, DPD_NAME);
	T_EQ_STR(g->items->args->pd[3], "abc");
	dprog_free(g);
	g = dprog_new();
	T_EQ_INT(dparse_clause_arg(g, DPD_ID, "4-2", &err), 0);
	T_EQ_INT(g->items->args->spec, DPD_ID);
	T_EQ_INT(g->items->args->ival, 4);
	T_EQ_STR(g->items->next->args->pd[3], "-2");
	dprog_free(g);
	g = dprog_new();
	T_EQ_INT(dparse_clause_arg(g, DPD_ID, "0", &err), -1);
	T_EQ_STR(tagged(&err), "[D_PDESC_INVAL] invalid probe identifier 0: Unknown probe identifier");
	dprog_free(g);
	g = dprog_new();
	T_EQ_INT(dparse_clause_arg(g, DPD_FUNCTION, "4.56", &err), -1);
	T_EQ_STR(tagged(&err), "[D_PDESC_INVAL] probe identifier 4 not permitted when specifying functions");
	dprog_free(g);
	g = dprog_new();
	/* a leading colon adds no empty field: provider "", module read, function "" */
	T_EQ_INT(dparse_clause_arg(g, DPD_FUNCTION, "::read:", &err), 0);
	T_EQ_STR(g->items->args->pd[1], "read");
	T_EQ_STR(g->items->args->pd[2], "");
	dprog_free(g);
	g = dprog_new();
	T_EQ_INT(dparse_clause_arg(g, DPD_ID, "4294967296", &err), -1);
	T_EQ_STR(tagged(&err), "[D_PDESC_INVAL] identifier 4294967296 exceeds maximum probe id");
	dprog_free(g);
	g = dprog_new();
	T_EQ_INT(dparse_clause_arg(g, DPD_FUNCTION, "a:b:c:d", &err), -1);
	T_EQ_STR(tagged(&err), "[D_PDESC_INVAL] invalid probe description \"a:b:c:d\": Overspecified probe description");
	dprog_free(g);
	g = dprog_new();
	T_EQ_INT(dparse_clause_arg(g, DPD_NAME, "BEGIN } x", &err), -1);
	/* dtrace numbers the lines of files only */
	T_EQ_STR(tagged(&err), "[D_SYNTAX] syntax error near \"}\"");
	dprog_free(g);
	g = dprog_new();
	/* an argument without a token is an empty program (dtrace -x errtags -n '': [D_EMPTY]) */
	T_EQ_INT(dparse_clause_arg(g, DPD_NAME, "", &err), -1);
	T_EQ_STR(tagged(&err), "[D_EMPTY] empty D program translation unit");
	dprog_free(g);
}

T_CASE(provider_mode_unchanged)
{
	/* -h/-G files keep their file:line:col messages and reject clauses */
	struct dprog *g = NULL;
	struct derr err;
	const char *src = "provider p { probe a(); };\nsyscall::read:entry {}";
	T_EQ_INT(dparse_source("q.d", src, strlen(src), &g, &err), -1);
	T_EQ_STR(tagged(&err), "[D_SYNTAX] q.d:2:1: syntax error near 'syscall'");
}

T_CASE(nesting_limit)
{
	/* DTrace for Linux's limit is its parser's 10,000-entry stack (5,000 parentheses are
	 * fine there, 10,000 are "memory exhausted"); the walks run on a big stack (bigstack.h) */
	struct strbuf b = {0};
	strbuf_puts(&b, "BEGIN { x = ");
	for (int i = 0; i < 5000; i++)
		strbuf_putc(&b, '(');
	strbuf_puts(&b, "1");
	for (int i = 0; i < 5000; i++)
		strbuf_putc(&b, ')');
	strbuf_puts(&b, "; }");
	T_EQ_STR(parse(b.s), "(clause (probes \"BEGIN\") (stmt (assign (var x) (int 1))))");
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN { x = ");
	for (int i = 0; i < 10000; i++)
		strbuf_putc(&b, '(');
	strbuf_puts(&b, "1");
	for (int i = 0; i < 10000; i++)
		strbuf_putc(&b, ')');
	strbuf_puts(&b, "; }");
	T_EQ_STR(parse(b.s), "ERR: [D_SYNTAX] line 1: memory exhausted near \"(\"");
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN ");
	for (int i = 0; i < 5000; i++)
		strbuf_puts(&b, "{ if (x) ");
	T_EQ_STR(parse(b.s), "ERR: [D_SYNTAX] line 1: memory exhausted near \"if\"");
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN { x = ");
	for (int i = 0; i < 5000; i++)
		strbuf_puts(&b, "-!~*&");
	strbuf_puts(&b, "y; }");
	T_EQ_STR(parse(b.s), "ERR: [D_SYNTAX] line 1: memory exhausted near \"*\"");  /* as dtrace */
	strbuf_free(&b);
	/* long operator chains cost dtrace no stack: they make deep trees, which the later passes
	 * walk on the big stack, up to DPARSE_MAX_TREE_DEPTH */
	strbuf_puts(&b, "BEGIN { x = a");
	for (int i = 0; i < 100000; i++)
		strbuf_puts(&b, "+a");
	strbuf_puts(&b, "; }");
	T_CHECK(strncmp(parse(b.s), "(clause", 7) == 0);
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN { x = a");
	for (int i = 0; i < DPARSE_MAX_TREE_DEPTH; i++)
		strbuf_puts(&b, "+a");
	strbuf_puts(&b, "; }");
	T_EQ_STR(parse(b.s), "ERR: [D_UNKNOWN] line 1: declaration or expression is nested too deeply");
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN { x = a");
	for (int i = 0; i < DPARSE_MAX_TREE_DEPTH; i++)
		strbuf_puts(&b, "[1]");
	strbuf_puts(&b, "; }");
	T_EQ_STR(parse(b.s), "ERR: [D_UNKNOWN] line 1: declaration or expression is nested too deeply");
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN { x = a");
	for (int i = 0; i < DPARSE_MAX_TREE_DEPTH; i++)
		strbuf_puts(&b, ", a");
	strbuf_puts(&b, "; }");
	T_EQ_STR(parse(b.s), "ERR: [D_UNKNOWN] line 1: declaration or expression is nested too deeply");
	strbuf_free(&b);
	strbuf_puts(&b, "BEGIN /a == 0");
	for (int i = 1; i < 100; i++)
		strbuf_printf(&b, " || a == %d", i);
	strbuf_puts(&b, "/ { x = 1; }");
	const char *r = parse(b.s);
	const char *want = "(clause (probes \"BEGIN\") (pred (|| (|| ";
	T_CHECK(strncmp(r, want, strlen(want)) == 0);
	const char *tail = " (stmt (assign (var x) (int 1))))";
	T_CHECK(strlen(r) > strlen(tail));
	T_EQ_STR(r + strlen(r) - strlen(tail), tail);
	strbuf_free(&b);
	/* moderately deep is fine */
	strbuf_puts(&b, "BEGIN { x = ");
	for (int i = 0; i < 40; i++)
		strbuf_putc(&b, '(');
	strbuf_puts(&b, "1");
	for (int i = 0; i < 40; i++)
		strbuf_putc(&b, ')');
	strbuf_puts(&b, "; }");
	T_EQ_STR(parse(b.s), "(clause (probes \"BEGIN\") (stmt (assign (var x) (int 1))))");
	strbuf_free(&b);
}

/* tests/d/parse_invalid/X.d must fail with exactly the first line of X.d.err. */
T_CASE(invalid_corpus)
{
	/* run from the repository top (make check), or say where it is with TOP */
	const char *top = getenv("TOP");
	char *dir = xasprintf("%s%stests/d/parse_invalid", top ? top : "", top ? "/" : "");
	DIR *d = opendir(dir);
	T_CHECK(d != NULL);
	if (!d) {
		free(dir);
		return;
	}
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 3 || strcmp(e->d_name + len - 2, ".d") != 0)
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		char *epath = xasprintf("%s.err", path);
		size_t sl, el;
		char *src = util_read_file(path, &sl);
		char *want = util_read_file(epath, &el);
		T_CHECK(src && want);
		if (src && want) {
			want[strcspn(want, "\n")] = '\0';
			struct derr err;
			char text[DERR_TEXT_MAX];
			struct dprog *g = dprog_new();
			int r = dparse_script(g, e->d_name, src, sl, &err);
			dprog_free(g);
			if (r == 0)
				T_FAIL_("%s parsed, expected error '%s'", e->d_name, want);
			else if (strcmp(derr_format(&err, false, text, sizeof(text)), want) != 0)
				T_FAIL_("%s: got '%s', expected '%s'", e->d_name, text, want);
			n++;
		}
		free(src);
		free(want);
		free(path);
		free(epath);
	}
	closedir(d);
	free(dir);
	T_CHECK(n >= 20);
}

/* tests/d/parse_valid/X.d must parse to the S-expressions in X.d.sexpr (one item a line;
 * each file checked by hand against the program when it was added). */
T_CASE(valid_corpus)
{
	const char *top = getenv("TOP");
	char *dir = xasprintf("%s%stests/d/parse_valid", top ? top : "", top ? "/" : "");
	DIR *d = opendir(dir);
	T_CHECK(d != NULL);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (len < 3 || strcmp(e->d_name + len - 2, ".d") != 0)
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		char *spath = xasprintf("%s.sexpr", path);
		size_t sl, el;
		char *src = util_read_file(path, &sl);
		char *want = util_read_file(spath, &el);
		T_CHECK(src && want);
		if (src && want) {
			while (el && want[el - 1] == '\n')
				want[--el] = '\0';
			const char *got = parse(src);
			if (strcmp(got, want) != 0)
				T_FAIL_("%s: got\n%s\nexpected\n%s", e->d_name, got, want);
			n++;
		}
		free(src);
		free(want);
		free(path);
		free(spath);
	}
	if (d)
		closedir(d);
	free(dir);
	T_CHECK(n >= 2);
}

/* xorshift: reproducible mutations */
static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

T_CASE(mutation_no_crash)
{
	static const char *const seeds[] = {
		"#pragma D option quiet\ninline int L = 3;\nself int t;\nstring n[int];\n"
		"syscall::read:entry,syscall::write:entry /pid == $target && arg0 / 2 > 1/ "
		"{ self->t = timestamp; @a[execname, probefunc] = count(); }\n"
		"syscall::read:return /self->t/ { @q = quantize(timestamp - self->t); self->t = 0; }\n"
		"END { printa(@a); trunc(@a, 5); if (x) { y = (int)-1; } else z = a ? b : c; }\n",
		"typedef struct s { int a; char *b; } s_t;\npid$1::malloc:entry { this->p = (s_t *)arg0; "
		"x = this->p->a + sizeof(s_t) + offsetof(struct s, b); printf(\"%s\\n\", stringof(this->p->b)); }\n"
		"tick-1s { exit(0) }",
	};
	static const char *const frags[] = {
		"/", "{", "}", "(", ")", "[", "]", ";", ",", "@", "$1", "self->", "->", "if", "else",
		"(int)", "sizeof", "?", ":", "=", "BEGIN", "a:b:c:d", "\"", "'", "/*", "#pragma D option x\n",
		"\n", "++", "0x", "struct", "xlate", "inline", "this", "`", "\\", "\0",
	};
	/* DPARSE_FUZZ_ITERS / DPARSE_FUZZ_SEED make a longer local run with other mutations */
	const char *ev = getenv("DPARSE_FUZZ_ITERS");
	int iters = ev ? atoi(ev) : 3000;
	if ((ev = getenv("DPARSE_FUZZ_SEED")))
		rng = strtoull(ev, NULL, 0) | 1;
	int runs = 0;
	for (int s = 0; s < 2; s++) {
		size_t slen = strlen(seeds[s]);
		for (int iter = 0; iter < iters; iter++) {
			struct strbuf b = {0};
			strbuf_add(&b, seeds[s], slen);
			int nmut = 1 + (int)(rnd() % 4);
			for (int m = 0; m < nmut; m++) {
				size_t at = b.len ? rnd() % b.len : 0;
				int how = (int)(rnd() % 3);
				if (how == 0 && b.len) {          /* delete a run */
					size_t n = 1 + rnd() % 8;
					if (at + n > b.len)
						n = b.len - at;
					memmove(b.s + at, b.s + at + n, b.len - at - n + 1);
					b.len -= n;
				} else {                          /* insert a fragment or a random byte */
					char one[2] = { (char)(rnd() & 0xff), 0 };
					const char *f = how == 1 ? frags[rnd() % (sizeof(frags) / sizeof(frags[0]))] : one;
					size_t fl = how == 1 ? strlen(f) : 1;
					if (fl == 0)
						fl = 1;  /* the NUL fragment */
					struct strbuf nb = {0};
					strbuf_add(&nb, b.s, at);
					strbuf_add(&nb, f, fl);
					strbuf_add(&nb, b.s + at, b.len - at);
					strbuf_free(&b);
					b = nb;
				}
			}
			struct derr err;
			struct dprog *g = dprog_new();
			int r = dparse_script(g, "m.d", b.s, b.len, &err);
			if (r != 0)
				T_CHECK(err.at == DERR_AT_LINE);
			else
				for (struct dnode *n = g->items; n; n = n->next)
					free(dnode_sexpr(n));
			dprog_free(g);
			/* the same text as a -n argument (up to any NUL byte) */
			g = dprog_new();
			if (dparse_clause_arg(g, (enum dpdesc_spec)(iter % 5), b.s, &err) != 0)
				T_CHECK(err.at == DERR_AT_NONE && strchr(err.msg, '\n') == NULL);
			dprog_free(g);
			strbuf_free(&b);
			runs++;
		}
	}
	T_EQ_INT(runs, 2 * iters);
}

T_CASE(cleanup)
{
	free(last);
	last = NULL;
}

T_MAIN()
