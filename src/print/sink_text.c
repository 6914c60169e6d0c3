/* sink_text.c — dtrace's text output (sink.h): records built in a buffer and written whole,
 * messages about faults, errors and drops on stderr after the data written so far. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dprint.h"
#include "fold.h"
#include "sink.h"
#include "util.h"

struct text {
	struct strbuf b;              /* the current record, not yet written */
	bool heading_done;
	struct dout_flowstate flow;
};

static struct text *T(struct sink *s)
{
	return s->priv;
}

static void put(struct sink *s)
{
	struct text *t = T(s);
	if (t->b.len)
		sink_write(s, t->b.s, t->b.len);
	t->b.len = 0;
}

/* A message on stderr, after the data printed so far, so a terminal shows them in order. */
static void to_stderr(struct sink *s, struct strbuf *m)
{
	sink_flush_out(s);
	fputs(m->s ? m->s : "", stderr);
	fflush(stderr);
	strbuf_free(m);
}

static void text_begin(struct sink *s, const struct sink_probe *pr)
{
	struct text *t = T(s);
	const struct dobj_probe *p = pr->p;
	if (!t->heading_done) {
		dout_heading(&t->b, s->d->quiet, s->d->flowindent);
		t->heading_done = true;
	}
	if (s->d->flowindent)
		dout_flow_prefix(&t->b, &t->flow, pr->cpu, p->provider, p->function, p->name);
	else
		dout_record_prefix(&t->b, s->d->quiet, pr->cpu, p->id, p->function, p->name);
}

static void trace_item(struct sink *s, const struct ditem *it)
{
	struct strbuf *b = &T(s)->b;
	if (it->nvals == 0)
		return;
	const struct dval *v = &it->vals[0];
	unsigned size = it->act->vals[0].size;
	switch (v->kind) {
	case DV_INT:
		if (s->d->rawbytes && v->size > 0 && v->size <= 8) {
			/* rawbytes: the value's bytes as the probe stored them (dt_print_trace
			 * dumps every trace() record, a scalar too), low byte first */
			unsigned char raw[8];
			for (unsigned i = 0; i < v->size; i++)
				raw[i] = (unsigned char)(v->u >> (8 * i));
			dout_tracemem(b, raw, v->size);
			break;
		}
		dout_trace_int(b, s->pass_quiet, v->u, v->size, v->is_signed);
		break;
	case DV_STRING:
		dout_trace_string(b, s->pass_quiet, s->d->rawbytes, v->p, size);
		break;
	case DV_BYTES:
		dout_tracemem(b, v->p, size);
		break;
	default:
		dout_trace_bytes(b, s->pass_quiet, s->d->rawbytes, v->p, size);
		break;
	}
}

/* dt_print_ustack: a newline, then each frame indented on a line of its own. */
static void stack_item(struct sink *s, const struct dval *v)
{
	struct strbuf *b = &T(s)->b, f = { 0 };
	int indent = s->d->stackindent >= 0 ? (int)s->d->stackindent : 14;
	strbuf_putc(b, '\n');
	for (size_t i = 0; i < v->nframes; i++) {
		f.len = 0;
		drec_frame_str(&v->frames[i], &f);
		strbuf_printf(b, "%*s%s\n", indent, "", f.s);
	}
	strbuf_free(&f);
}

/* dt_print_usym / dt_print_umod: "  %-50s" of the symbol's text. */
static void sym_item(struct sink *s, const struct ditem *it)
{
	const struct dframe *f = &it->vals[0].frames[0];
	struct strbuf t = { 0 };
	if (it->kind != DI_UMOD)
		drec_frame_str(f, &t);
	else if (f->module)
		strbuf_puts(&t, f->module);
	else
		strbuf_printf(&t, "0x%llx", (unsigned long long)f->addr);
	strbuf_printf(&T(s)->b, "  %-50s", t.s ? t.s : "");
	strbuf_free(&t);
}

static int printa_item(struct sink *s, const struct ditem *it, char *err, size_t errlen)
{
	struct strbuf *b = &T(s)->b;
	if (it->act->fmt)
		return agg_printa_fmt(it->act->fmt, it->aggs, it->naggs, s->d, &s->fctx, b, err,
				      errlen);
	if (s->d->aggfold && it->naggs == 1 && fold_applies(it->aggs[0]->desc))
		return fold_print(it->aggs[0], s->d, b);
	return agg_printa_default(it->aggs, it->naggs, s->d, b, err, errlen);
}

static int text_item(struct sink *s, const struct ditem *it, char *err, size_t errlen)
{
	struct strbuf *b = &T(s)->b;
	switch (it->kind) {
	case DI_TRACE:
		trace_item(s, it);
		return 0;
	case DI_TRACEMEM:
		if (it->nvals)
			dout_tracemem(b, it->vals[0].p, it->vals[0].len);
		return 0;
	case DI_PCAP:
		/* no capture file, no tshark: dtrace dumps the packet as tracemem() would (and a
		 * capture of no bytes, a NULL skb's, prints nothing) */
		if (it->nvals == 3)
			dout_tracemem(b, it->vals[2].p, it->vals[2].len);
		return 0;
	case DI_PRINTF:
		return dfmt_format(it->act->fmt, it->fvals, it->nvals, NULL, 0, &s->fctx, b, err,
				   errlen);
	case DI_PRINT: {
		int64_t limit = (int64_t)(s->d->printsize > INT64_MAX ? INT64_MAX : s->d->printsize);
		if (!it->ptype || it->nvals == 0)
			return 0;
		if (it->is_ptr)
			dprint_pointer(b, it->ptype, it->addr, it->vals[0].p, it->vals[0].len, limit);
		else
			dprint_value(b, it->ptype, it->vals[0].p, it->vals[0].len, limit);
		return 0;
	}
	case DI_STACK:
		if (it->nvals)
			stack_item(s, &it->vals[0]);
		return 0;
	case DI_UADDR:
	case DI_USYM:
	case DI_UMOD:
		if (it->nvals)
			sym_item(s, it);
		return 0;
	case DI_PRINTA:
		return printa_item(s, it, err, errlen);
	case DI_SYSTEM:
		strbuf_add(b, it->text, it->len);
		return 0;
	}
	return 0;
}

static void text_end_record(struct sink *s)
{
	dout_record_end(&T(s)->b, s->d->quiet);
	put(s);
}

static void text_flush(struct sink *s)
{
	put(s);
	sink_flush_out(s);
}

static void text_fault(struct sink *s, const struct dout_fault *f)
{
	struct strbuf m = { 0 };
	dout_fault(&m, util_progname, f);
	to_stderr(s, &m);
}

static void text_error(struct sink *s, const struct sink_probe *pr, const char *msg)
{
	struct strbuf m = { 0 };
	const struct dobj_probe *p = pr->p;
	dout_liberr(&m, util_progname, pr->clause, p->id, p->provider, p->module, p->function,
		    p->name, msg);
	to_stderr(s, &m);
}

static void text_drop(struct sink *s, enum dout_drop_kind kind, uint64_t count, int cpu)
{
	struct strbuf m = { 0 };
	if (cpu >= 0)
		dout_drops_cpu(&m, util_progname, s->d->droptags, kind, count, cpu);
	else
		dout_drops(&m, util_progname, s->d->droptags, kind, count);
	to_stderr(s, &m);
}

/* dtrace ends the interrupted line, quiet or not, and a blank line ends the output. */
static void text_interrupted(struct sink *s)
{
	sink_write(s, "\n", 1);
}

static void text_finish(struct sink *s)
{
	sink_write(s, "\n", 1);
}

static void text_aggs_exit(struct sink *s, struct agg_data *const *aggs, size_t naggs)
{
	struct strbuf b = { 0 };
	if (s->d->aggfold)
		fold_print_exit(aggs, naggs, s->d, &b);
	else
		agg_print_exit(aggs, naggs, s->d, &b);
	if (b.len)
		sink_write(s, b.s, b.len);
	strbuf_free(&b);
}

static void text_free(struct sink *s)
{
	strbuf_free(&T(s)->b);
	free(s->priv);
}

static void text_init(struct sink *s)
{
	s->priv = xcalloc(1, sizeof(struct text));
}

const struct sink_ops sink_text_ops = {
	.name = "text",
	.init = text_init,
	.begin = text_begin,
	.item = text_item,
	.end_record = text_end_record,
	.flush = text_flush,
	.fault = text_fault,
	.error = text_error,
	.drop = text_drop,
	.interrupted = text_interrupted,
	.finish = text_finish,
	.aggs_exit = text_aggs_exit,
	.free = text_free,
};
