/* test_dout.c — dtrace's default output. Expectations are written from dtrace(1)'s formats
 * ("%3s %6s %32s", " %16lld", 16-byte dump rows...) and the examples in the Dynamic Tracing
 * Guide; column positions are also checked by counting, so a wrong width cannot hide in a
 * long literal. */
#include "t.h"
#include "dout.h"

#include <stdint.h>

static struct strbuf b;
static const char *out(void) { return b.s ? b.s : ""; }
static void reset(void) { b.len = 0; if (b.s) b.s[0] = '\0'; }

T_CASE(heading)
{
	reset();
	dout_heading(&b, false, false);
	T_EQ_STR(out(), "CPU     ID                    FUNCTION:NAME\n");
	/* CPU right-aligned in 3, ID in 6, FUNCTION:NAME in 32, single blanks between. */
	T_EQ_INT(strlen(out()), 3 + 1 + 6 + 1 + 32 + 1);
	T_EQ_INT(strstr(out(), "ID") - out(), 3 + 1 + 4);
	reset();
	dout_heading(&b, true, false);
	T_EQ_STR(out(), "");
	reset();
	dout_heading(&b, false, true);
	T_EQ_STR(out(), "CPU FUNCTION                                 \n");
	T_EQ_INT(strlen(out()), 3 + 1 + 41 + 1);
	reset();
	dout_heading(&b, true, true); /* -F prints its heading even under -q */
	T_EQ_STR(out(), "CPU FUNCTION                                 \n");
}

T_CASE(record_prefix)
{
	reset();
	dout_record_prefix(&b, false, 0, 1, "", "BEGIN");
	T_EQ_STR(out(), "  0      1                           :BEGIN ");
	T_EQ_INT(strlen(out()), 3 + 1 + 6 + 1 + 32 + 1);
	reset();
	dout_record_prefix(&b, false, 12, 70321, "main", "query-start");
	T_EQ_STR(out(), " 12  70321                 main:query-start ");
	T_EQ_INT(strlen(out()), 3 + 1 + 6 + 1 + 32 + 1);
	reset();
	/* A name longer than the field is not cut. */
	dout_record_prefix(&b, false, 3, 9, "a_rather_long_function_name", "probe-name-too");
	T_EQ_STR(out(), "  3      9 a_rather_long_function_name:probe-name-too ");
	reset();
	dout_record_prefix(&b, true, 0, 1, "", "BEGIN");
	T_EQ_STR(out(), "");
	/* A whole default-action record: prefix, nothing traced, newline. */
	reset();
	dout_heading(&b, false, false);
	dout_record_prefix(&b, false, 0, 1, "", "BEGIN");
	dout_record_end(&b, false);
	T_EQ_STR(out(), "CPU     ID                    FUNCTION:NAME\n"
			"  0      1                           :BEGIN \n");
	reset();
	dout_record_end(&b, true);
	T_EQ_STR(out(), "");
}

T_CASE(flow_kinds)
{
	T_EQ_INT(dout_flow_kind("entry"), DOUT_FLOW_ENTRY);
	T_EQ_INT(dout_flow_kind("function-entry"), DOUT_FLOW_ENTRY);
	T_EQ_INT(dout_flow_kind("return"), DOUT_FLOW_RETURN);
	T_EQ_INT(dout_flow_kind("method-return"), DOUT_FLOW_RETURN);
	T_EQ_INT(dout_flow_kind("carpentry"), DOUT_FLOW_NONE);
	T_EQ_INT(dout_flow_kind("entry-point"), DOUT_FLOW_NONE);
	T_EQ_INT(dout_flow_kind("query-start"), DOUT_FLOW_NONE);
	T_EQ_INT(dout_flow_kind("xreturn"), DOUT_FLOW_NONE);
}

T_CASE(flow_indentation)
{
	struct dout_flowstate st = { 0 };
	reset();
	dout_flow_prefix(&b, &st, 0, "pid123", "main", "entry");
	dout_record_end(&b, false);
	dout_flow_prefix(&b, &st, 0, "pid123", "foo", "entry");
	dout_record_end(&b, false);
	dout_flow_prefix(&b, &st, 0, "app", "foo", "query-start");
	dout_record_end(&b, false);
	dout_flow_prefix(&b, &st, 0, "pid123", "foo", "return");
	dout_record_end(&b, false);
	dout_flow_prefix(&b, &st, 1, "syscall", "read", "entry");
	dout_record_end(&b, false);
	dout_flow_prefix(&b, &st, 1, "syscall", "read", "return");
	dout_record_end(&b, false);
	dout_flow_prefix(&b, &st, 0, "pid123", "main", "return");
	dout_record_end(&b, false);
	/* "%3d %-41s ": the label is padded to 41; entry/return marks carry a leading blank,
	 * the "| " of other probes does not. */
	T_EQ_STR(out(),
		 "  0  -> main                                  \n"
		 "  0    -> foo                                 \n"
		 "  0     | foo:query-start                     \n"
		 "  0    <- foo                                 \n"
		 "  1    => read                                \n"
		 "  1    <= read                                \n"
		 "  0  <- main                                  \n");
	for (const char *l = out(); *l; l = strchr(l, '\n') + 1)
		T_EQ_INT(strchr(l, '\n') - l, 3 + 1 + 41 + 1);
	T_EQ_INT(st.indent, 0);
	/* An unbalanced return never indents negatively. */
	reset();
	dout_flow_prefix(&b, &st, 0, "p", "f", "return");
	T_EQ_STR(out(), "  0  <- f                                     ");
	T_EQ_INT(st.indent, 0);
}

T_CASE(trace_integers)
{
	/* Signed 8-byte values take 19 columns, unsigned ones 20 (the widest value). */
	reset();
	dout_trace_int(&b, false, (uint64_t)-1, 8, true);
	T_EQ_STR(out(), "                  -1");
	T_EQ_INT(strlen(out()), 1 + 19);
	reset();
	dout_trace_int(&b, false, (uint64_t)-1, 8, false);
	T_EQ_STR(out(), " 18446744073709551615");
	reset();
	dout_trace_int(&b, false, 1234567890123ULL, 8, true);
	T_EQ_STR(out(), "       1234567890123");
	reset();
	dout_trace_int(&b, false, 0xffffffff, 4, true);
	T_EQ_STR(out(), "         -1");
	reset();
	dout_trace_int(&b, false, 0xffffffff, 4, false);
	T_EQ_STR(out(), " 4294967295");
	reset();
	dout_trace_int(&b, false, 0xffff, 2, false);
	T_EQ_STR(out(), " 65535");
	reset();
	dout_trace_int(&b, false, 0xffff, 2, true);
	T_EQ_STR(out(), "    -1");
	reset();
	dout_trace_int(&b, false, 0xff, 1, true); /* trace((char)-1) prints -1 */
	T_EQ_STR(out(), "  -1");
	reset();
	dout_trace_int(&b, false, 0xff, 1, false);
	T_EQ_STR(out(), " 255");
	reset();
	dout_trace_int(&b, true, 0xff, 1, false);
	dout_trace_int(&b, true, 0x8000, 2, false);
	dout_trace_int(&b, true, 0x80000000, 4, true);
	dout_trace_int(&b, true, 0x8000000000000000ULL, 8, true);
	T_EQ_STR(out(), "25532768-2147483648-9223372036854775808");
	/* Upper bits beyond the size are not the value's. */
	reset();
	dout_trace_int(&b, true, 0x1234500000007ULL, 1, true);
	T_EQ_STR(out(), "7");
}

T_CASE(trace_dstrings)
{
	reset();
	dout_trace_string(&b, false, false, "ab\0cd", 5);
	T_EQ_STR(out(), "  ab                               ");
	reset();
	dout_trace_string(&b, true, false, "abc", 3);
	T_EQ_STR(out(), "abc");
	reset();
	dout_trace_string(&b, true, true, "hi\0", 3);
	T_CHECK(strstr(out(), "         0: 68 69 00") != NULL);
}

static const char dump_head[] =
	"\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n";

T_CASE(tracemem_layout)
{
	reset();
	dout_tracemem(&b, "ABCDEFGHIJKLMNOPQRST", 20);
	T_EQ_STR(out(), "\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n"
		 "         0: 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50  ABCDEFGHIJKLMNOP\n"
		 "        10: 51 52 53 54                                      QRST\n");
	/* Count the columns rather than trust the literal: the offset ends at column 10,
	 * byte k's hex starts at 11 + 3k + 1, the text at 11 + 48 + 2. */
	T_CHECK(b.s != NULL && b.len > 100);
	if (!b.s || b.len <= 100)
		return;
	const char *head = b.s + 1;
	const char *row = strchr(head, '\n') + 1;
	T_EQ_INT(strchr(row, ':') - row, 10);
	T_EQ_INT(strstr(row, "50") - row, 11 + 3 * 15 + 1);
	T_EQ_INT(strstr(row, "ABC") - row, 11 + 48 + 2);
	T_EQ_INT(strchr(head, '0') - head, 13);
	T_EQ_INT(strstr(head, "0123") - head, 11 + 48 + 2);
	/* Non-printing bytes show as '.', and every row is as wide as a full one. */
	reset();
	dout_tracemem(&b, "\x00\x7f\x80\xff\x1f ~", 7);
	struct strbuf want = { 0 };
	strbuf_puts(&want, dump_head);
	strbuf_puts(&want, "         0: 00 7f 80 ff 1f 20 7e");
	for (int i = 7; i < 16; i++)
		strbuf_puts(&want, "   ");
	strbuf_puts(&want, "  ..... ~\n"); /* 00 7f 80 ff 1f are all '.' */
	T_EQ_STR(out(), want.s);
	strbuf_free(&want);
	reset();
	dout_tracemem(&b, "", 0);
	T_EQ_STR(out(), "");
}

T_CASE(tracemem_row_offsets_hex)
{
	unsigned char buf[300];
	for (int i = 0; i < 300; i++)
		buf[i] = (unsigned char)i;
	reset();
	dout_tracemem(&b, buf, sizeof(buf));
	T_CHECK(strstr(out(), "\n       100: 00 01 02") != NULL);
	/* The last row: 12 bytes, 4 empty columns, then the text (0x20 is a blank). */
	T_CHECK(strstr(out(), "\n       120: 20 21 22 23 24 25 26 27 28 29 2a 2b"
		"            " "  " " !\"#$%&'()*+\n") != NULL);
	/* newlines: the leading one, the heading's, 19 rows (300 = 18*16 + 12) */
	int lines = 0;
	for (const char *p = out(); *p; p++)
		lines += *p == '\n';
	T_EQ_INT(lines, 1 + 1 + 19);
}

T_CASE(trace_strings)
{
	/* A string record: text then NULs. Printed after two blanks, left-aligned in 33. */
	char rec[64] = "hello";
	reset();
	dout_trace_bytes(&b, false, false, rec, sizeof(rec));
	T_EQ_STR(out(), "  hello                            ");
	T_EQ_INT(strlen(out()), 2 + 33);
	reset();
	dout_trace_bytes(&b, true, false, rec, sizeof(rec));
	T_EQ_STR(out(), "hello");
	/* Longer than 33: not cut. */
	char longrec[64] = "abcdefghijklmnopqrstuvwxyz0123456789";
	reset();
	dout_trace_bytes(&b, false, false, longrec, sizeof(longrec));
	T_EQ_STR(out(), "  abcdefghijklmnopqrstuvwxyz0123456789");
	/* Tabs, newlines, bell and backspace count as text. */
	char ctl[16] = "a\tb\nc\a\b";
	reset();
	dout_trace_bytes(&b, true, false, ctl, sizeof(ctl));
	T_EQ_STR(out(), "a\tb\nc\a\b");
	/* All text and no NUL at all: still a string, and padded even under -q. */
	reset();
	dout_trace_bytes(&b, true, false, "abc", 3);
	T_EQ_STR(out(), "  abc                              ");
}

T_CASE(trace_binary_is_dumped)
{
	/* A non-printable byte makes it a dump. */
	char rec[8] = "ab\x01";
	reset();
	dout_trace_bytes(&b, false, false, rec, sizeof(rec));
	struct strbuf want = { 0 };
	strbuf_puts(&want, dump_head);
	strbuf_puts(&want, "         0: 61 62 01 00 00 00 00 00");
	for (int i = 8; i < 16; i++)
		strbuf_puts(&want, "   ");
	strbuf_puts(&want, "  ab......\n");
	T_EQ_STR(out(), want.s);
	/* Text, NUL, then more text: binary that happens to look like a string. */
	reset();
	dout_trace_bytes(&b, false, false, "ab\0cd\0\0\0", 8);
	T_CHECK(strncmp(out(), dump_head, strlen(dump_head)) == 0);
	T_CHECK(strstr(out(), "61 62 00 63 64 00 00 00") != NULL);
	/* An empty string (first byte NUL) is dumped too, as dtrace does. */
	reset();
	dout_trace_bytes(&b, false, false, "\0\0\0\0", 4);
	T_CHECK(strstr(out(), "         0: 00 00 00 00") != NULL);
	/* A UTF-8 or Latin-1 byte is not "printable" in dtrace's C-locale test. */
	reset();
	dout_trace_bytes(&b, true, false, "caf\xc3\xa9\0", 6);
	T_CHECK(strstr(out(), "63 61 66 c3 a9 00") != NULL);
	/* rawbytes forces the dump of text. */
	reset();
	dout_trace_bytes(&b, false, true, "hi\0", 3);
	T_CHECK(strstr(out(), "         0: 68 69 00") != NULL);
	/* A struct of odd size through trace_int's fallback. */
	reset();
	dout_trace_int(&b, false, 0x030201, 3, false);
	want.len = 0;
	strbuf_puts(&want, "         0: 01 02 03");
	for (int i = 3; i < 16; i++)
		strbuf_puts(&want, "   ");
	strbuf_puts(&want, "  ...\n");
	T_CHECK(strstr(out(), want.s) != NULL);
	strbuf_free(&want);
}

T_CASE(fault_messages)
{
	struct dout_fault f = { 2, 1, "dtrace", "", "", "BEGIN", DOUT_FLT_BADADDR, 1, -1, 0 };
	reset();
	dout_fault(&b, "dtrace", &f);
	T_EQ_STR(out(), "dtrace: error on enabled probe ID 2 (ID 1: dtrace:::BEGIN): invalid address "
			"(0x0) in action #1\n");
	f = (struct dout_fault){ 5, 70321, "pid1234", "a.out", "main", "entry", DOUT_FLT_DIVZERO,
				 3, -1, 0x1234 };
	reset();
	dout_fault(&b, "usdtrace", &f);
	T_EQ_STR(out(), "usdtrace: error on enabled probe ID 5 (ID 70321: pid1234:a.out:main:entry): "
			"divide-by-zero in action #3\n");
	f.kind = DOUT_FLT_BADALIGN;
	f.action = 0;
	f.addr = 0x7fff0001;
	f.dif_offset = 12;
	reset();
	dout_fault(&b, "usdtrace", &f);
	T_EQ_STR(out(), "usdtrace: error on enabled probe ID 5 (ID 70321: pid1234:a.out:main:entry): "
			"invalid alignment (0x7fff0001) in predicate at DIF offset 12\n");
	static const struct { int kind; const char *s; } kinds[] = {
		{ DOUT_FLT_ILLOP, "illegal operation" }, { DOUT_FLT_NOSCRATCH, "out of scratch space" },
		{ DOUT_FLT_KPRIV, "invalid kernel access" }, { DOUT_FLT_UPRIV, "invalid user access" },
		{ DOUT_FLT_TUPOFLOW, "tuple stack overflow" }, { DOUT_FLT_BADSTACK, "bad stack" },
		{ DOUT_FLT_LIBRARY, "library-level fault" }, { 77, "unknown fault" },
		{ DOUT_FLT_NONE, "unknown fault" },
	};
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		T_EQ_STR(dout_fault_str(kinds[i].kind), kinds[i].s);
	f = (struct dout_fault){ 1, 2, "p", "m", "f", "n", DOUT_FLT_BADSTACK, 2, -1, 0xdead };
	reset();
	dout_fault(&b, "x", &f);
	T_EQ_STR(out(), "x: error on enabled probe ID 1 (ID 2: p:m:f:n): bad stack (0xdead) in action #2\n");
	reset();
	dout_liberr(&b, "dtrace", 3, 4, "p", "m", "f", "n", "couldn't freopen() \"/x\": No such file");
	T_EQ_STR(out(), "dtrace: error on enabled probe ID 3 (ID 4: p:m:f:n): couldn't freopen() "
			"\"/x\": No such file\n");
}

T_CASE(drop_messages)
{
	reset();
	dout_drops_cpu(&b, "dtrace", false, DOUT_DROP_PRINCIPAL, 1, 0);
	dout_drops_cpu(&b, "dtrace", false, DOUT_DROP_PRINCIPAL, 3, 1);
	dout_drops_cpu(&b, "dtrace", false, DOUT_DROP_AGGREGATION, 2, 7);
	dout_drops_cpu(&b, "dtrace", true, DOUT_DROP_AGGREGATION, 1, 0);
	T_EQ_STR(out(), "dtrace: 1 drop on CPU 0\n"
			"dtrace: 3 drops on CPU 1\n"
			"dtrace: 2 aggregation drops on CPU 7\n"
			"dtrace: [DTRACEDROP_AGGREGATION] 1 aggregation drop on CPU 0\n");
	reset();
	dout_drops(&b, "dtrace", false, DOUT_DROP_DYNAMIC, 5);
	dout_drops(&b, "dtrace", false, DOUT_DROP_DYNAMIC, 1);
	dout_drops(&b, "dtrace", false, DOUT_DROP_DYNRINSE, 2);
	dout_drops(&b, "dtrace", false, DOUT_DROP_DYNDIRTY, 1);
	dout_drops(&b, "dtrace", false, DOUT_DROP_SPEC, 4);
	dout_drops(&b, "dtrace", false, DOUT_DROP_SPECBUSY, 1);
	dout_drops(&b, "dtrace", false, DOUT_DROP_SPECUNAVAIL, 9);
	dout_drops(&b, "dtrace", false, DOUT_DROP_STKSTROVERFLOW, 1);
	dout_drops(&b, "dtrace", false, DOUT_DROP_DBLERROR, 2);
	dout_drops(&b, "dtrace", true, DOUT_DROP_DYNAMIC, 18446744073709551615ULL);
	T_EQ_STR(out(), "dtrace: 5 dynamic variable drops\n"
			"dtrace: 1 dynamic variable drop\n"
			"dtrace: 2 dynamic variable drops with non-empty rinsing list\n"
			"dtrace: 1 dynamic variable drop with non-empty dirty list\n"
			"dtrace: 4 speculative drops\n"
			"dtrace: 1 failed speculation (available buffer(s) still busy)\n"
			"dtrace: 9 failed speculations (no speculative buffer available)\n"
			"dtrace: 1 jstack()/ustack() string table overflow\n"
			"dtrace: 2 errors in ERROR probe enabling\n"
			"dtrace: [DTRACEDROP_DYNAMIC] 18446744073709551615 dynamic variable drops\n");
}

T_CASE(cleanup)
{
	strbuf_free(&b);
	T_CHECK(b.s == NULL);
}

T_MAIN()
