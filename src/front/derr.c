/* derr.c — see derr.h. */
#include "derr.h"

#include <stdio.h>
#include <string.h>

int derr_vset(struct derr *e, enum dtag tag, const char *fmt, va_list ap)
{
	if (!e)
		return -1;
	e->tag = tag;
	e->kind = DERR_SOURCE;
	e->at = DERR_AT_NONE;
	e->region = DERR_REGION_ACTIONS;
	e->clause = -1;
	e->line = e->col = 0;
	e->region = DERR_REGION_ACTIONS;
	e->file[0] = '\0';
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	return -1;
}

int derr_set(struct derr *e, enum dtag tag, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(e, tag, fmt, ap);
	va_end(ap);
	return -1;
}

int derr_set_line(struct derr *e, enum dtag tag, int line, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	derr_vset(e, tag, fmt, ap);
	va_end(ap);
	return derr_locate(e, DERR_AT_LINE, NULL, line, 0);
}

int derr_locate(struct derr *e, enum derr_at at, const char *file, int line, int col)
{
	if (!e)
		return -1;
	e->at = at;
	e->line = line;
	e->col = col;
	if (file != e->file)
		snprintf(e->file, sizeof(e->file), "%s", file ? file : "");
	return -1;
}

int derr_set_kind(struct derr *e, enum derr_kind kind)
{
	if (e)
		e->kind = kind;
	return -1;
}

const char *derr_format(const struct derr *e, bool errtags, char *buf, size_t len)
{
	if (!len)
		return buf;
	char tag[64] = "";
	if (errtags && e->tag != DTAG_NONE)
		snprintf(tag, sizeof(tag), "[%s] ", dtag_name(e->tag));
	switch (e->at) {
	case DERR_AT_NONE:
		snprintf(buf, len, "%s%s", tag, e->msg);
		break;
	case DERR_AT_LINE:
		if (e->line < 0)
			snprintf(buf, len, "%sline : %s", tag, e->msg);
		else
			snprintf(buf, len, "%sline %d: %s", tag, e->line, e->msg);
		break;
	case DERR_AT_FILE:
		snprintf(buf, len, "%s%s:%d:%d: %s", tag, e->file, e->line, e->col, e->msg);
		break;
	case DERR_AT_FILETAG:
		snprintf(buf, len, "%s\"%s\", line %d: %s", tag, e->file, e->line, e->msg);
		break;
	case DERR_AT_ACTIONS:
		snprintf(buf, len, "%sin action list: %s", tag, e->msg);
		break;
	case DERR_AT_PREDICATE:
		snprintf(buf, len, "%sin predicate: %s", tag, e->msg);
		break;
	}
	return buf;
}
