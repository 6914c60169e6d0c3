/* sink.c — see sink.h: the table of formats and what they share. */
#include <errno.h>
#include <stdlib.h>

#include "sink.h"
#include "util.h"

static const struct sink_ops *const formats[] = {
	[DOPT_OFORMAT_TEXT] = &sink_text_ops,
	[DOPT_OFORMAT_JSON] = &sink_json_ops,
};

struct sink *sink_new(enum dopt_oformat format, FILE *out, const struct dopts *d)
{
	if ((size_t)format >= sizeof(formats) / sizeof(formats[0]) || !formats[format])
		return NULL;
	struct sink *s = xcalloc(1, sizeof(*s));
	s->ops = formats[format];
	s->out = out;
	s->d = d;
	s->fctx.stackindent = (int)d->stackindent;
	if (s->ops->init)
		s->ops->init(s);
	return s;
}

void sink_free(struct sink *s)
{
	if (!s)
		return;
	if (s->ops->free)
		s->ops->free(s);
	free(s);
}

void sink_write(struct sink *s, const char *p, size_t n)
{
	if (n && fwrite(p, 1, n, s->out) != n && !s->write_failed) {
		s->write_failed = true;
		s->write_errno = errno;
	}
}

bool sink_flush_out(struct sink *s)
{
	if ((fflush(s->out) != 0 || ferror(s->out)) && !s->write_failed) {
		s->write_failed = true;
		s->write_errno = errno;
	}
	return !s->write_failed;
}
