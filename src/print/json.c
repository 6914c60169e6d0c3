/* json.c — see json.h. */
#include <math.h>
#include <string.h>

#include "json.h"

/* Length of the valid UTF-8 sequence at s (at most n bytes), 0 when there is none. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0];
	size_t len;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, min = 0x10000;
	else
		return 0;
	if (len > n)
		return 0;
	unsigned cp = c & (0x3f >> (len - 1));
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

void json_str(struct strbuf *b, const char *str, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *s = (const unsigned char *)str;
	size_t run = 0;   /* bytes copied as they are, pending */
	strbuf_putc(b, '"');
	for (size_t i = 0; i < n;) {
		unsigned c = s[i];
		if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
			run++, i++;
			continue;
		}
		if (c >= 0x80) {
			size_t l = utf8_len(s + i, n - i);
			if (l) {
				run += l, i += l;
				continue;
			}
		}
		if (run)
			strbuf_add(b, (const char *)s + i - run, run);
		run = 0;
		char e[7] = { '\\', 0 };
		switch (c) {
		case '"': e[1] = '"'; break;
		case '\\': e[1] = '\\'; break;
		case '\n': e[1] = 'n'; break;
		case '\t': e[1] = 't'; break;
		case '\r': e[1] = 'r'; break;
		case '\b': e[1] = 'b'; break;
		case '\f': e[1] = 'f'; break;
		default:
			memcpy(e + 1, "u00", 3);
			e[4] = hex[c >> 4];
			e[5] = hex[c & 15];
			break;
		}
		strbuf_add(b, e, e[2] ? 6 : 2);
		i++;
	}
	if (run)
		strbuf_add(b, (const char *)s + n - run, run);
	strbuf_putc(b, '"');
}

void json_cstr(struct strbuf *b, const char *s)
{
	if (s)
		json_str(b, s, strlen(s));
	else
		strbuf_add(b, "null", 4);
}

void json_uint(struct strbuf *b, uint64_t v)
{
	char buf[24];
	char *p = buf + sizeof(buf);
	do {
		*--p = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	strbuf_add(b, p, (size_t)(buf + sizeof(buf) - p));
}

void json_int(struct strbuf *b, int64_t v)
{
	if (v < 0) {
		strbuf_putc(b, '-');
		json_uint(b, (uint64_t)0 - (uint64_t)v);
	} else {
		json_uint(b, (uint64_t)v);
	}
}

void json_double(struct strbuf *b, double v)
{
	if (!isfinite(v))
		strbuf_add(b, "null", 4);
	else
		strbuf_printf(b, "%.17g", v);
}

void json_key(struct strbuf *b, const char *name)
{
	strbuf_putc(b, '"');
	strbuf_puts(b, name);
	strbuf_add(b, "\":", 2);
}
