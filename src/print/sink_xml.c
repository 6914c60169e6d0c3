/* sink_xml.c — XML (sink.h): the JSON sink's documents (sink_json.c, docs/output.md) written
 * in the XML form libxo gives the same data, as FreeBSD's dtrace -x oformat=xml does:
 *
 *   <?xml version="1.0"?>
 *   <dtrace>
 *   <probes><version>2</version><type>probe</type><timestamp>...</timestamp><cpu>0</cpu>...
 *   <output><kind>trace</kind><type>int</type><value>1</value></output></probes>
 *   ...
 *   </dtrace>
 *
 * libxo's rules: a JSON object's member is an element of its name; a list ("output":[...])
 * is its element repeated, once per entry; a leaf list ("keys":["sh",12]) the same with
 * text content; null is an empty element. Each document becomes one <probes> element (the
 * list FreeBSD's dtrace keeps its records in; "type" tells probes from faults, drops and
 * the rest) on a line of its own, written as soon as the document is, so a reader can
 * follow the stream; the root element closes when the output ends.
 *
 * Text is escaped (& < >; LF as &#10; so that an element stays on its line, CR as &#13; so
 * that it survives the parser's line-end handling); characters XML 1.0 cannot
 * carry at all (controls other than TAB, LF and CR) become U+FFFD: the JSON output keeps
 * them. The documents are the JSON sink's own, so the parser below reads only what json.c
 * writes; anything else ends the element with an <error/>. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "sink.h"
#include "util.h"

#define LIT(b, s) strbuf_add((b), (s), sizeof(s) - 1)

enum { XML_MAXDEPTH = 256 };

struct xparse {
	const char *p, *end;
	struct strbuf *out;
	bool bad;
};

static void skip_ws(struct xparse *x)
{
	while (x->p < x->end && (*x->p == ' ' || *x->p == '\n' || *x->p == '\t' || *x->p == '\r'))
		x->p++;
}

/* A code point as UTF-8 text of an element, escaped; what XML 1.0 cannot carry as U+FFFD. */
static void put_cp(struct strbuf *b, unsigned cp)
{
	if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') || cp == 0xfffe || cp == 0xffff ||
	    (cp >= 0xd800 && cp < 0xe000) || cp > 0x10ffff)
		cp = 0xfffd;
	switch (cp) {
	case '&': LIT(b, "&amp;"); return;
	case '<': LIT(b, "&lt;"); return;
	case '>': LIT(b, "&gt;"); return;
	case '\r': LIT(b, "&#13;"); return;
	case '\n': LIT(b, "&#10;"); return;   /* an element stays on its line */
	default: break;
	}
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp;
		n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | (cp >> 6));
		u[1] = (char)(0x80 | (cp & 0x3f));
		n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | (cp >> 12));
		u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f));
		n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18));
		u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[3] = (char)(0x80 | (cp & 0x3f));
		n = 4;
	}
	strbuf_add(b, u, n);
}

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A JSON string (x->p at its opening quote), written to out (the content escaped for XML)
 * or, out NULL, copied raw into *raw (a member name). */
static void string(struct xparse *x, struct strbuf *out, struct strbuf *raw)
{
	x->p++;
	while (x->p < x->end && *x->p != '"') {
		unsigned char c = (unsigned char)*x->p++;
		if (c != '\\') {
			if (raw) {
				strbuf_putc(raw, (char)c);
			} else if (c < 0x80) {
				put_cp(out, c);
			} else {
				strbuf_putc(out, (char)c);   /* UTF-8, valid as json.c writes it */
			}
			continue;
		}
		if (x->p >= x->end)
			break;
		char e = *x->p++;
		unsigned cp;
		switch (e) {
		case 'n': cp = '\n'; break;
		case 't': cp = '\t'; break;
		case 'r': cp = '\r'; break;
		case 'b': cp = '\b'; break;
		case 'f': cp = '\f'; break;
		case 'u':
			cp = 0;
			for (int i = 0; i < 4; i++) {
				int h = x->p < x->end ? hexval(*x->p) : -1;
				if (h < 0) {
					x->bad = true;
					return;
				}
				cp = cp * 16 + (unsigned)h;
				x->p++;
			}
			break;
		default: cp = (unsigned char)e; break;   /* \" \\ \/ */
		}
		if (raw)
			strbuf_putc(raw, (char)cp);
		else
			put_cp(out, cp);
	}
	if (x->p >= x->end)
		x->bad = true;
	else
		x->p++;
}

static void value(struct xparse *x, const char *name, int depth);

/* The members of an object (x->p at '{'), each an element of its name. */
static void object(struct xparse *x, int depth)
{
	struct strbuf key = { 0 };
	x->p++;
	skip_ws(x);
	while (!x->bad && x->p < x->end && *x->p != '}') {
		if (*x->p != '"') {
			x->bad = true;
			break;
		}
		key.len = 0;
		string(x, NULL, &key);
		strbuf_putc(&key, '\0');
		skip_ws(x);
		if (x->p >= x->end || *x->p != ':') {
			x->bad = true;
			break;
		}
		x->p++;
		skip_ws(x);
		value(x, key.s, depth + 1);
		skip_ws(x);
		if (x->p < x->end && *x->p == ',') {
			x->p++;
			skip_ws(x);
		}
	}
	if (x->p < x->end && *x->p == '}')
		x->p++;
	else
		x->bad = true;
	strbuf_free(&key);
}

/* One value under the name `name`: an element (an array: one element per entry). */
static void value(struct xparse *x, const char *name, int depth)
{
	struct strbuf *b = x->out;
	if (depth > XML_MAXDEPTH || x->p >= x->end) {
		x->bad = true;
		return;
	}
	char c = *x->p;
	if (c == '[') {
		x->p++;
		skip_ws(x);
		while (!x->bad && x->p < x->end && *x->p != ']') {
			value(x, name, depth + 1);
			skip_ws(x);
			if (x->p < x->end && *x->p == ',') {
				x->p++;
				skip_ws(x);
			}
		}
		if (x->p < x->end && *x->p == ']')
			x->p++;
		else
			x->bad = true;
		return;
	}
	if (c == 'n' && x->end - x->p >= 4 && memcmp(x->p, "null", 4) == 0) {
		x->p += 4;
		strbuf_printf(b, "<%s/>", name);
		return;
	}
	strbuf_printf(b, "<%s>", name);
	if (c == '{') {
		object(x, depth);
	} else if (c == '"') {
		string(x, b, NULL);
	} else {
		/* a number, true or false: its text */
		const char *s = x->p;
		while (x->p < x->end && *x->p != ',' && *x->p != '}' && *x->p != ']' &&
		       *x->p != ' ' && *x->p != '\n')
			x->p++;
		if (x->p == s)
			x->bad = true;
		for (; s < x->p; s++)
			put_cp(b, (unsigned char)*s);
	}
	strbuf_printf(b, "</%s>", name);
}

/* A JSON document, a line, becomes a <probes> element, a line. */
static void xml_doc(struct sink *s, const char *doc, size_t n)
{
	struct strbuf b = { 0 };
	struct xparse x = { .p = doc, .end = doc + n, .out = &b };
	skip_ws(&x);
	if (x.p < x.end && *x.p == '{') {
		LIT(&b, "<probes>");
		object(&x, 0);
		if (x.bad)
			LIT(&b, "<error/>");   /* not json.c's writing: cannot happen */
		LIT(&b, "</probes>\n");
	}
	sink_write(s, b.s, b.len);
	strbuf_free(&b);
}

static void xml_init(struct sink *s)
{
	sink_json_ops.init(s);
	s->doc_hook = xml_doc;
	static const char head[] = "<?xml version=\"1.0\"?>\n<dtrace>\n";
	sink_write(s, head, sizeof(head) - 1);
}

static void xml_end(struct sink *s)
{
	static const char tail[] = "</dtrace>\n";
	sink_write(s, tail, sizeof(tail) - 1);
}

/* The rest is the JSON sink's: it makes the documents. */
static void xml_begin(struct sink *s, const struct sink_probe *pr)
{
	sink_json_ops.begin(s, pr);
}

static int xml_item(struct sink *s, const struct ditem *it, char *err, size_t errlen)
{
	return sink_json_ops.item(s, it, err, errlen);
}

static void xml_end_record(struct sink *s)
{
	sink_json_ops.end_record(s);
}

static void xml_flush(struct sink *s)
{
	sink_json_ops.flush(s);
}

static void xml_fault(struct sink *s, const struct dout_fault *f)
{
	sink_json_ops.fault(s, f);
}

static void xml_error(struct sink *s, const struct sink_probe *pr, const char *msg)
{
	sink_json_ops.error(s, pr, msg);
}

static void xml_drop(struct sink *s, enum dout_drop_kind kind, uint64_t count, int cpu)
{
	sink_json_ops.drop(s, kind, count, cpu);
}

static void xml_interrupted(struct sink *s)
{
	sink_json_ops.interrupted(s);
}

static void xml_finish(struct sink *s)
{
	sink_json_ops.finish(s);
}

static void xml_aggs_exit(struct sink *s, struct agg_data *const *aggs, size_t naggs)
{
	sink_json_ops.aggs_exit(s, aggs, naggs);
}

static void xml_free(struct sink *s)
{
	sink_json_ops.free(s);
}

const struct sink_ops sink_xml_ops = {
	.name = "xml",
	.init = xml_init,
	.begin = xml_begin,
	.item = xml_item,
	.end_record = xml_end_record,
	.flush = xml_flush,
	.fault = xml_fault,
	.error = xml_error,
	.drop = xml_drop,
	.interrupted = xml_interrupted,
	.finish = xml_finish,
	.aggs_exit = xml_aggs_exit,
	.free = xml_free,
	.end = xml_end,
	.own_stream = true,
};
