/* elf_minidebug.c — .gnu_debugdata decompressed and opened (elf_minidebug.h). */
#include <lzma.h>
#include <stdlib.h>
#include <string.h>

#include "elf_minidebug.h"
#include "util.h"

/* The decoder's own memory: xz's presets need at most 65 MB (-9e); MiniDebugInfo uses far less. */
#define DECODER_MEM (96u << 20)

int elf_minidebug_decode(const uint8_t *xz, size_t len, size_t max, unsigned char **out,
			 size_t *outlen, char *err, size_t errlen)
{
	*out = NULL;
	*outlen = 0;
	lzma_stream s = LZMA_STREAM_INIT;
	if (lzma_stream_decoder(&s, DECODER_MEM, LZMA_CONCATENATED) != LZMA_OK)
		return util_seterr(err, errlen, "cannot start the xz decoder");
	size_t cap = len < max / 4 ? (len * 4 > 4096 ? len * 4 : 4096) : max;
	unsigned char *buf = xmalloc(cap);
	s.next_in = xz;
	s.avail_in = len;
	s.next_out = buf;
	s.avail_out = cap;
	const char *why = NULL;
	for (;;) {
		/* all input is given at once: LZMA_FINISH, so a stream cut short says so */
		lzma_ret r = lzma_code(&s, LZMA_FINISH);
		if (r == LZMA_STREAM_END)
			break;
		if (r == LZMA_OK && s.avail_out == 0) {
			size_t used = cap;
			if (cap >= max) {
				why = "too large";
				break;
			}
			cap = cap > max / 2 ? max : cap * 2;
			buf = xrealloc(buf, cap);
			s.next_out = buf + used;
			s.avail_out = cap - used;
			continue;
		}
		why = r == LZMA_FORMAT_ERROR ? "not xz data" :
		      r == LZMA_BUF_ERROR || r == LZMA_OK ? "truncated xz data" :
		      r == LZMA_MEMLIMIT_ERROR || r == LZMA_MEM_ERROR ? "needs too much memory" :
		      "corrupt xz data";
		break;
	}
	size_t n = cap - s.avail_out;
	size_t left = s.avail_in;
	lzma_end(&s);
	if (!why && left)
		why = "xz data after the stream's end";
	if (why) {
		free(buf);
		if (strcmp(why, "too large") == 0)
			return util_seterr(err, errlen, "decompresses to more than %zu bytes", max);
		return util_seterr(err, errlen, "%s", why);
	}
	*out = buf;
	*outlen = n;
	return 0;
}

int elf_minidebug_open(Elf *elf, struct elf_minidebug *md, char *err, size_t errlen)
{
	memset(md, 0, sizeof *md);
	size_t shstrndx;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return 1;
	for (Elf_Scn *scn = elf_nextscn(elf, NULL); scn; scn = elf_nextscn(elf, scn)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS)
			continue;
		const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, ".gnu_debugdata") != 0)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d || !d->d_buf || d->d_size == 0)
			return util_seterr(err, errlen, ".gnu_debugdata: cannot read the section");
		char why[160];
		if (elf_minidebug_decode(d->d_buf, d->d_size, ELF_MINIDEBUG_MAX, &md->image,
					 &md->size, why, sizeof why) != 0)
			return util_seterr(err, errlen, ".gnu_debugdata: %s", why);
		md->elf = elf_memory((char *)md->image, md->size);
		if (!md->elf || elf_kind(md->elf) != ELF_K_ELF || gelf_getclass(md->elf) != ELFCLASS64) {
			elf_minidebug_close(md);
			return util_seterr(err, errlen, ".gnu_debugdata: not a 64-bit ELF object");
		}
		return 0;
	}
	return 1;
}

void elf_minidebug_close(struct elf_minidebug *md)
{
	if (md->elf)
		elf_end(md->elf);
	free(md->image);
	memset(md, 0, sizeof *md);
}
