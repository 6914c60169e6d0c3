/* sink_json.c — JSON lines (sink.h): one JSON document per line, each complete when written,
 * so a reader can follow the stream while tracing runs. The layout is docs/output.md's;
 * JSON_VERSION changes when a document's meaning changes (fields may be added within a
 * version). Faults, errors and drops are documents of the stream too, not messages on
 * stderr. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dprint.h"
#include "dprint_json.h"
#include "dtype.h"
#include "json.h"
#include "sink.h"
#include "util.h"

#define JSON_VERSION 2

/* Append a string literal (its length known at compile time). */
#define LIT(b, s) strbuf_add((b), (s), sizeof(s) - 1)

struct jsink {
	struct strbuf b;          /* the document being made */
	size_t head;              /* b's length up to "output":[ of the current record */
	size_t nitems;            /* items of the current record's output so far */
	bool open;                /* a record's document is being made */
	time_t ts_sec;            /* the timestamp's cached seconds... */
	char ts_text[32];         /* ...as "YYYY-MM-DDTHH:MM:SS" */
	/* what repeats from record to record, made once: the last probe's fields and the
	 * last printf format as JSON */
	const struct dobj_probe *probe;
	struct strbuf probe_json;
	const struct dfmt *fmt;
	struct strbuf fmt_json;
};

static struct jsink *J(struct sink *s)
{
	return s->priv;
}

/* "version":2,"type":"TYPE","timestamp":"2026-11-28T13:56:23.123456789Z" — the wall-clock
 * time of mono_ns, the CLOCK_MONOTONIC instant the document is about: a probe record's
 * firing; 0: now, when the consumer read what the document is about (faults, drops...). */
static void doc_start(struct sink *s, const char *type, uint64_t mono_ns)
{
	struct jsink *j = J(s);
	struct timespec ts;
	sink_walltime(s, mono_ns, &ts);
	if (ts.tv_sec != j->ts_sec || !j->ts_text[0]) {
		struct tm tm;
		gmtime_r(&ts.tv_sec, &tm);
		strftime(j->ts_text, sizeof(j->ts_text), "%Y-%m-%dT%H:%M:%S", &tm);
		j->ts_sec = ts.tv_sec;
	}
	char ns[9];
	long v = ts.tv_nsec;
	for (int i = 8; i >= 0; i--, v /= 10)
		ns[i] = (char)('0' + v % 10);
	LIT(&j->b, "{\"version\":");
	json_int(&j->b, JSON_VERSION);
	LIT(&j->b, ",\"type\":\"");
	strbuf_puts(&j->b, type);
	LIT(&j->b, "\",\"timestamp\":\"");
	strbuf_puts(&j->b, j->ts_text);
	strbuf_putc(&j->b, '.');
	strbuf_add(&j->b, ns, 9);
	LIT(&j->b, "Z\"");
}

static void doc_write(struct sink *s)
{
	struct jsink *j = J(s);
	LIT(&j->b, "}\n");
	if (s->doc_hook)
		s->doc_hook(s, j->b.s, j->b.len);
	else
		sink_write(s, j->b.s, j->b.len);
	j->b.len = 0;
	if (j->b.s)
		j->b.s[0] = '\0';
}

static void probe_fields(struct strbuf *b, const struct dobj_probe *p)
{
	LIT(b, ",\"id\":");
	json_uint(b, p->id);
	LIT(b, ",\"provider\":");
	json_cstr(b, p->provider);
	LIT(b, ",\"module\":");
	json_cstr(b, p->module);
	LIT(b, ",\"function\":");
	json_cstr(b, p->function);
	LIT(b, ",\"name\":");
	json_cstr(b, p->name);
}

static void json_begin(struct sink *s, const struct sink_probe *pr)
{
	struct jsink *j = J(s);
	j->b.len = 0;
	doc_start(s, "probe", pr->fired_ns);
	LIT(&j->b, ",\"cpu\":");
	json_int(&j->b, pr->cpu);
	if (j->probe != pr->p) {
		j->probe_json.len = 0;
		probe_fields(&j->probe_json, pr->p);
		j->probe = pr->p;
	}
	strbuf_add(&j->b, j->probe_json.s, j->probe_json.len);
	LIT(&j->b, ",\"output\":[");
	j->head = j->b.len;
	j->nitems = 0;
	j->open = true;
}

/* --- values ------------------------------------------------------------------------------ */
/* "address":N,"module":M,"function":F,"offset":O (null module/function: not known). */
static void frame_fields(struct strbuf *b, const struct dframe *f)
{
	LIT(b, "\"address\":");
	json_uint(b, f->addr);
	LIT(b, ",\"module\":");
	json_cstr(b, f->module);
	LIT(b, ",\"function\":");
	json_cstr(b, f->function);
	LIT(b, ",\"offset\":");
	json_uint(b, f->offset);
}

static void frames(struct strbuf *b, const struct dframe *f, size_t n)
{
	LIT(b, "\"frames\":[");
	for (size_t i = 0; i < n; i++) {
		(i ? LIT(b, ",{") : LIT(b, "{"));
		frame_fields(b, &f[i]);
		strbuf_putc(b, '}');
	}
	strbuf_putc(b, ']');
}

/* "pid":P, or "kernel":true for the kernel's stacks and symbols. */
static void owner(struct strbuf *b, int64_t pid)
{
	if (pid == -1) {   /* USYM_KERNEL_PID */
		LIT(b, "\"kernel\":true");
	} else {
		LIT(b, "\"pid\":");
		json_int(b, pid);
	}
}

static void bytes(struct strbuf *b, const unsigned char *p, size_t n)
{
	LIT(b, "\"bytes\":[");
	for (size_t i = 0; i < n; i++) {
		if (i)
			strbuf_putc(b, ',');
		json_uint(b, p[i]);
	}
	strbuf_putc(b, ']');
}

/* A value's fields: "type":T then "value":V (or "bytes", "frames", a symbol's fields). */
static void val_fields(struct strbuf *b, const struct dval *v)
{
	static const char *const kind_type[] = {
		[DV_INT] = "int", [DV_FLOAT] = "double", [DV_STRING] = "string",
		[DV_BYTES] = "bytes", [DV_STACK] = "stack", [DV_SYM] = "symbol",
	};
	LIT(b, "\"type\":");
	json_cstr(b, v->kind == DV_STACK || v->kind == DV_SYM || !v->type ? kind_type[v->kind]
									    : v->type);
	strbuf_putc(b, ',');
	switch (v->kind) {
	case DV_INT:
		LIT(b, "\"value\":");
		if (v->is_signed) {
			int64_t x = (int64_t)v->u;
			if (v->size == 1)
				x = (int8_t)v->u;
			else if (v->size == 2)
				x = (int16_t)v->u;
			else if (v->size == 4)
				x = (int32_t)v->u;
			json_int(b, x);
		} else {
			json_uint(b, v->u);
		}
		break;
	case DV_FLOAT:
		LIT(b, "\"value\":");
		json_double(b, v->d);
		break;
	case DV_STRING:
		LIT(b, "\"value\":");
		json_str(b, (const char *)v->p, v->len);
		break;
	case DV_BYTES:
		bytes(b, v->p, v->len);
		break;
	case DV_STACK:
		owner(b, v->pid);
		strbuf_putc(b, ',');
		frames(b, v->frames, v->nframes);
		break;
	case DV_SYM:
		owner(b, v->pid);
		strbuf_putc(b, ',');
		frame_fields(b, &v->frames[0]);
		break;
	}
}

/* --- aggregations ------------------------------------------------------------------------ */
struct ukey {
	const struct agg_usym *u;
	uint32_t pid;
};

static bool ukey_sym(void *arg, uint64_t addr, struct dfmt_sym *out)
{
	const struct ukey *k = arg;
	return k->u && k->u->sym(k->u->arg, k->pid, addr, out);
}

static void key_json(struct strbuf *b, const struct agg_desc *d, const unsigned char *key)
{
	size_t off = 0;
	LIT(b, "\"keys\":[");
	for (size_t i = 0; i < d->nkeys; i++) {
		const struct agg_keydesc *k = &d->keys[i];
		const unsigned char *p = key + off;
		if (i)
			strbuf_putc(b, ',');
		if (k->kind == AGG_KEY_INT) {
			int64_t v;
			memcpy(&v, p, 8);   /* extended to 64 bits as its type is (agg.h) */
			if (k->is_signed)
				json_int(b, v);
			else
				json_uint(b, (uint64_t)v);
			off += 8;
			continue;
		}
		off += k->size;
		if (k->kind == AGG_KEY_STRING) {
			json_str(b, (const char *)p, strnlen((const char *)p, k->size));
			continue;
		}
		uint64_t pid, addr;
		memcpy(&pid, p, 8);
		struct ukey uk = { d->usym, (uint32_t)pid };
		struct dval v = { .kind = k->kind == AGG_KEY_STACK ? DV_STACK : DV_SYM,
				  .pid = (int32_t)(uint32_t)pid };
		struct dframe one;
		struct dfmt_sym s = { 0 };
		if (k->kind == AGG_KEY_STACK) {
			size_t n = (k->size - 8) / 8;
			v.frames = xcalloc(n ? n : 1, sizeof(*v.frames));
			for (size_t f = 0; f < n; f++) {
				memcpy(&addr, p + 8 + f * 8, 8);
				if (addr == 0)
					break;
				memset(&s, 0, sizeof(s));
				drec_frame(addr, ukey_sym(&uk, addr, &s), &s, &v.frames[v.nframes++]);
			}
		} else {
			memcpy(&addr, p + 8, 8);
			bool known = ukey_sym(&uk, addr, &s);
			if (k->kind == AGG_KEY_USYM && known && s.module && s.func)
				addr = s.func_addr;
			drec_frame(addr, known, &s, &one);
			if (k->kind == AGG_KEY_UMOD) {
				one.function = NULL;
				one.offset = 0;
			}
			v.frames = &one;
			v.nframes = 1;
		}
		strbuf_putc(b, '{');
		val_fields(b, &v);
		strbuf_putc(b, '}');
		if (k->kind == AGG_KEY_STACK)
			free(v.frames);
	}
	strbuf_putc(b, ']');
}

/* One aggregation's value: a number, or a histogram's non-zero buckets as
 * {"buckets":[{"label":"< 0","value":0,"count":3},...]} (label and count as the text rows
 * show them). */
static void agg_value(struct strbuf *b, const struct agg_desc *d, const int64_t *w,
		      uint64_t normal)
{
	if (normal == 0)
		normal = 1;
	switch (d->func) {
	case AGG_QUANTIZE:
	case AGG_LQUANTIZE:
	case AGG_LLQUANTIZE: {
		bool first = true;
		LIT(b, "{\"buckets\":[");
		for (size_t i = 0; i < d->nwords; i++) {
			char label[64];
			int64_t num;
			if (w[i] == 0 || !agg_bucket_label(d, w, (int)i, label, sizeof(label), &num))
				continue;
			(first ? LIT(b, "{\"label\":") : LIT(b, ",{\"label\":"));
			first = false;
			json_cstr(b, label);
			LIT(b, ",\"value\":");
			json_int(b, num);
			LIT(b, ",\"count\":");
			json_int(b, (int64_t)((uint64_t)w[i] / normal));
			strbuf_putc(b, '}');
		}
		LIT(b, "]}");
		break;
	}
	case AGG_STDDEV:
		json_uint(b, agg_stddev(w, normal));
		break;
	default:
		json_int(b, agg_scalar(d, w, normal));
		break;
	}
}

/* {"kind":"printa","aggregations":[{"name":"a","function":"count"},...],"rows":[{"keys":[...],
 * "values":[...]},...]} — rows in the order the text shows them (joined for several). */
static int printa_json(struct sink *s, struct strbuf *b, struct agg_data *const *aggs,
		       size_t naggs, const struct dfmt *fmt, char *err, size_t errlen)
{
	LIT(b, "{\"kind\":\"printa\"");
	if (fmt) {
		LIT(b, ",\"format\":");
		json_cstr(b, fmt->text);
		struct strbuf msg = { 0 };
		int rc = agg_printa_fmt(fmt, aggs, naggs, s->d, &s->fctx, &msg, err, errlen);
		if (rc != 0) {
			strbuf_free(&msg);
			strbuf_putc(b, '}');
			return -1;
		}
		LIT(b, ",\"message\":");
		json_str(b, msg.s ? msg.s : "", msg.len);
		strbuf_free(&msg);
	}
	LIT(b, ",\"aggregations\":[");
	for (size_t i = 0; i < naggs; i++) {
		(i ? LIT(b, ",{\"name\":") : LIT(b, "{\"name\":"));
		json_cstr(b, aggs[i]->desc->name);
		LIT(b, ",\"function\":");
		json_cstr(b, agg_func_name(aggs[i]->desc->func));
		strbuf_putc(b, '}');
	}
	LIT(b, "],\"rows\":[");
	if (naggs == 1) {
		const struct agg_data *a = aggs[0];
		size_t *idx = agg_sort(a, s->d);
		for (size_t r = 0; r < a->n; r++) {
			const struct agg_entry *e = &a->ent[idx[r]];
			(r ? LIT(b, ",{") : LIT(b, "{"));
			key_json(b, a->desc, e->key);
			LIT(b, ",\"values\":[");
			agg_value(b, a->desc, e->val, a->normal);
			strbuf_putc(b, ']');
			if (e->percpu && a->ncpu) {
				LIT(b, ",\"percpu\":[");
				for (size_t c = 0; c < a->ncpu; c++) {
					if (c)
						strbuf_putc(b, ',');
					agg_value(b, a->desc, e->percpu + c * a->desc->nwords,
						  a->normal);
				}
				strbuf_putc(b, ']');
			}
			strbuf_putc(b, '}');
		}
		free(idx);
		aggs[0]->printed = true;
	} else if (naggs > 1) {
		struct agg_joined jn;
		if (agg_join(aggs, naggs, s->d, &jn, err, errlen) < 0) {
			LIT(b, "]}");
			return -1;
		}
		for (size_t r = 0; r < jn.nrows; r++) {
			(r ? LIT(b, ",{") : LIT(b, "{"));
			key_json(b, jn.rows[r].kdesc, jn.rows[r].key);
			LIT(b, ",\"values\":[");
			for (size_t i = 0; i < naggs; i++) {
				if (i)
					strbuf_putc(b, ',');
				agg_value(b, aggs[i]->desc, jn.rows[r].vals[i], aggs[i]->normal);
			}
			LIT(b, "]}");
		}
		agg_joined_free(&jn);
		for (size_t i = 0; i < naggs; i++)
			aggs[i]->printed = true;
	}
	LIT(b, "]}");
	return 0;
}

/* --- records ----------------------------------------------------------------------------- */
static int json_item(struct sink *s, const struct ditem *it, char *err, size_t errlen)
{
	struct jsink *j = J(s);
	struct strbuf *b = &j->b;
	if (!j->open)
		return 0;
	if (j->nitems++)
		strbuf_putc(b, ',');
	switch (it->kind) {
	case DI_TRACE:
		LIT(b, "{\"kind\":\"trace\"");
		if (it->nvals) {
			strbuf_putc(b, ',');
			val_fields(b, &it->vals[0]);
		}
		strbuf_putc(b, '}');
		return 0;
	case DI_PCAP: {
		/* the run loop hands over only captures of some bytes (a file or tshark takes
		 * the others' place in text: never in a structured stream) */
		bool has = it->nvals == 3;
		strbuf_printf(b, "{\"kind\":\"pcap\",\"time\":%llu,\"linktype\":%lld,",
			      has ? (unsigned long long)it->vals[0].u : 0ULL,
			      has ? (long long)(int32_t)it->vals[1].u : 0LL);
		bytes(b, has ? it->vals[2].p : NULL, has ? it->vals[2].len : 0);
		strbuf_putc(b, '}');
		return 0;
	}
	case DI_TRACEMEM:
		LIT(b, "{\"kind\":\"tracemem\",");
		bytes(b, it->nvals ? it->vals[0].p : NULL, it->nvals ? it->vals[0].len : 0);
		strbuf_putc(b, '}');
		return 0;
	case DI_PRINTF: {
		struct strbuf msg = { 0 };
		int rc = dfmt_format(it->act->fmt, it->fvals, it->nvals, NULL, 0, &s->fctx, &msg,
				     err, errlen);
		LIT(b, "{\"kind\":\"printf\",\"format\":");
		if (j->fmt != it->act->fmt) {
			j->fmt_json.len = 0;
			json_cstr(&j->fmt_json, it->act->fmt->text);
			j->fmt = it->act->fmt;
		}
		strbuf_add(b, j->fmt_json.s, j->fmt_json.len);
		LIT(b, ",\"message\":");
		json_str(b, msg.s ? msg.s : "", msg.len);
		strbuf_free(&msg);
		LIT(b, ",\"values\":[");
		for (size_t i = 0; i < it->nvals; i++) {
			(i ? LIT(b, ",{") : LIT(b, "{"));
			val_fields(b, &it->vals[i]);
			strbuf_putc(b, '}');
		}
		LIT(b, "]}");
		return rc;
	}
	case DI_PRINT: {
		/* the typed walk's text (dprint.h), and the bytes it was made from */
		struct strbuf t = { 0 };
		int64_t limit = (int64_t)(s->d->printsize > INT64_MAX ? INT64_MAX : s->d->printsize);
		if (it->ptype && it->nvals) {
			if (it->is_ptr)
				dprint_pointer(&t, it->ptype, it->addr, it->vals[0].p, it->vals[0].len,
					       limit);
			else
				dprint_value(&t, it->ptype, it->vals[0].p, it->vals[0].len, limit);
		}
		LIT(b, "{\"kind\":\"print\"");
		if (it->ptype) {
			char *tn = dtype_spell(it->ptype, NULL, false);
			LIT(b, ",\"type\":");
			json_cstr(b, tn);
			free(tn);
		}
		if (it->is_ptr) {
			LIT(b, ",\"address\":");
			json_uint(b, it->addr);
		}
		if (it->ptype && it->nvals) {
			/* the value as a tree: the pointee's, for a pointer */
			struct dtype *vt = it->is_ptr ? dtype_resolve(it->ptype)->base : it->ptype;
			LIT(b, ",\"value\":");
			dprint_json_value(b, vt, it->vals[0].p, it->vals[0].len, limit);
		}
		LIT(b, ",\"text\":");
		json_str(b, t.s ? t.s : "", t.len);
		strbuf_putc(b, ',');
		bytes(b, it->nvals ? it->vals[0].p : NULL, it->nvals ? it->vals[0].len : 0);
		strbuf_putc(b, '}');
		strbuf_free(&t);
		return 0;
	}
	case DI_STACK:
	case DI_UADDR:
	case DI_USYM:
	case DI_UMOD: {
		static const char *const names[] = {
			[DI_STACK] = "stack", [DI_UADDR] = "uaddr", [DI_USYM] = "usym",
			[DI_UMOD] = "umod",
		};
		LIT(b, "{\"kind\":");
		json_cstr(b, names[it->kind]);
		if (it->nvals) {
			strbuf_putc(b, ',');
			val_fields(b, &it->vals[0]);
		}
		strbuf_putc(b, '}');
		return 0;
	}
	case DI_PRINTA:
		return printa_json(s, b, it->aggs, it->naggs, it->act->fmt, err, errlen);
	case DI_SYSTEM:
		LIT(b, "{\"kind\":\"system\",\"output\":");
		json_str(b, it->text, it->len);
		strbuf_putc(b, '}');
		return 0;
	}
	LIT(b, "null");
	return 0;
}

static void json_end_record(struct sink *s)
{
	struct jsink *j = J(s);
	if (!j->open)
		return;
	strbuf_putc(&j->b, ']');
	doc_write(s);
	j->open = false;
}

/* What the record has so far is written as a document of its own; the rest of the record
 * (after freopen(), ftruncate()) is another document for the same probe. */
static void json_flush(struct sink *s)
{
	struct jsink *j = J(s);
	if (j->open && j->nitems) {
		char *head = xmalloc(j->head + 1);
		memcpy(head, j->b.s, j->head);
		head[j->head] = '\0';
		strbuf_putc(&j->b, ']');
		doc_write(s);
		strbuf_add(&j->b, head, j->head);
		free(head);
		j->nitems = 0;
	}
	sink_flush_out(s);
}

/* A message's text without "PROG: " and the newline dout writes. */
static void message(struct strbuf *b, const struct strbuf *m)
{
	size_t skip = strlen(util_progname) + 2, n = m->len;
	if (n && m->s[n - 1] == '\n')
		n--;
	if (n > 0 && m->s[n - 1] == '\n')   /* setopt()'s messages end in one of their own */
		n--;
	if (n < skip)
		skip = 0;
	LIT(b, ",\"message\":");
	json_str(b, m->s + skip, n - skip);
}

/* Documents that are not a record's are written at once, after the record being made (a
 * record's errors follow it). */
static struct strbuf *side_doc(struct sink *s, struct strbuf *save)
{
	struct jsink *j = J(s);
	*save = j->b;
	j->b = (struct strbuf){ 0 };
	return &j->b;
}

static void side_done(struct sink *s, struct strbuf *save)
{
	struct jsink *j = J(s);
	doc_write(s);
	strbuf_free(&j->b);
	j->b = *save;
}

static void json_fault(struct sink *s, const struct dout_fault *f)
{
	struct strbuf save, m = { 0 };
	struct strbuf *b = side_doc(s, &save);
	doc_start(s, "fault", 0);
	LIT(b, ",\"id\":");
	json_uint(b, f->probe_id);
	LIT(b, ",\"provider\":");
	json_cstr(b, f->provider);
	LIT(b, ",\"module\":");
	json_cstr(b, f->module);
	LIT(b, ",\"function\":");
	json_cstr(b, f->function);
	LIT(b, ",\"name\":");
	json_cstr(b, f->name);
	LIT(b, ",\"clause\":");
	json_int(b, f->clause);
	LIT(b, ",\"fault\":");
	json_cstr(b, dout_fault_str(f->kind));
	LIT(b, ",\"address\":");
	json_uint(b, f->addr);
	LIT(b, ",\"pc\":");
	json_int(b, f->pc);
	dout_fault(&m, util_progname, f);
	message(b, &m);
	strbuf_free(&m);
	side_done(s, &save);
}

static void json_error(struct sink *s, const struct sink_probe *pr, const char *msg)
{
	struct strbuf save, m = { 0 };
	const struct dobj_probe *p = pr->p;
	struct strbuf *b = side_doc(s, &save);
	doc_start(s, "error", 0);
	probe_fields(b, p);
	LIT(b, ",\"clause\":");
	json_int(b, pr->clause);
	dout_liberr(&m, util_progname, pr->clause, p->id, p->provider, p->module, p->function,
		    p->name, msg);
	message(b, &m);
	strbuf_free(&m);
	side_done(s, &save);
}

static void json_drop(struct sink *s, enum dout_drop_kind kind, uint64_t count, int cpu)
{
	struct strbuf save, m = { 0 };
	struct strbuf *b = side_doc(s, &save);
	const char *tag = dout_drop_tag(kind);
	char name[32];
	size_t n = 0;
	if (strncmp(tag, "DTRACEDROP_", 11) == 0)
		tag += 11;
	for (; tag[n] && n + 1 < sizeof(name); n++)
		name[n] = (char)(tag[n] >= 'A' && tag[n] <= 'Z' ? tag[n] - 'A' + 'a' : tag[n]);
	name[n] = '\0';
	doc_start(s, "drop", 0);
	LIT(b, ",\"kind\":");
	json_cstr(b, name);
	if (cpu >= 0) {
		LIT(b, ",\"cpu\":");
		json_int(b, cpu);
		dout_drops_cpu(&m, util_progname, false, kind, count, cpu);
	} else {
		dout_drops(&m, util_progname, false, kind, count);
	}
	LIT(b, ",\"count\":");
	json_uint(b, count);
	message(b, &m);
	strbuf_free(&m);
	side_done(s, &save);
}

static void json_nothing(struct sink *s)
{
	(void)s;
}

/* At exit: one document, "type":"aggregations", whose output holds a printa item for each
 * aggregation printa has not printed, in the order the text shows them. */
static int by_id(const void *l, const void *r)
{
	const struct agg_data *a = *(struct agg_data *const *)l, *b = *(struct agg_data *const *)r;
	return a->desc->id < b->desc->id ? -1 : a->desc->id > b->desc->id;
}

static void json_aggs_exit(struct sink *s, struct agg_data *const *aggs, size_t naggs)
{
	struct agg_data **v = xcalloc(naggs ? naggs : 1, sizeof(*v));
	memcpy(v, aggs, naggs * sizeof(*v));
	qsort(v, naggs, sizeof(*v), by_id);
	if (s->d->aggsortrev)
		for (size_t i = 0; i < naggs / 2; i++) {
			struct agg_data *t = v[i];
			v[i] = v[naggs - 1 - i];
			v[naggs - 1 - i] = t;
		}
	struct strbuf save;
	struct strbuf *b = side_doc(s, &save);
	doc_start(s, "aggregations", 0);
	LIT(b, ",\"output\":[");
	size_t n = 0;
	for (size_t i = 0; i < naggs; i++) {
		if (v[i]->printed)
			continue;
		char err[256];
		if (n++)
			strbuf_putc(b, ',');
		printa_json(s, b, &v[i], 1, NULL, err, sizeof(err));
	}
	strbuf_putc(b, ']');
	side_done(s, &save);
	free(v);
}

static void json_init(struct sink *s)
{
	s->priv = xcalloc(1, sizeof(struct jsink));
}

static void json_free(struct sink *s)
{
	strbuf_free(&J(s)->b);
	strbuf_free(&J(s)->probe_json);
	strbuf_free(&J(s)->fmt_json);
	free(s->priv);
}

const struct sink_ops sink_json_ops = {
	.name = "json",
	.init = json_init,
	.begin = json_begin,
	.item = json_item,
	.end_record = json_end_record,
	.flush = json_flush,
	.fault = json_fault,
	.error = json_error,
	.drop = json_drop,
	.interrupted = json_nothing,
	.finish = json_nothing,
	.aggs_exit = json_aggs_exit,
	.free = json_free,
	.own_stream = true,
};
