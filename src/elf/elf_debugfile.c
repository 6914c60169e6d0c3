/* elf_debugfile.c — separate debug files by build ID (elf_debugfile.h). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "elf_debugfile.h"

/* The build ID's bytes into id (at most 64); its length, 0 when none. */
static size_t build_id(Elf *elf, unsigned char *id)
{
	for (Elf_Scn *s = elf_nextscn(elf, NULL); s; s = elf_nextscn(elf, s)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		Elf_Data *d = elf_getdata(s, NULL);
		if (!d)
			continue;
		GElf_Nhdr nh;
		size_t off = 0, name_off, desc_off;
		while ((off = gelf_getnote(d, off, &nh, &name_off, &desc_off)) > 0) {
			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((const char *)d->d_buf + name_off, "GNU", 4) != 0 ||
			    nh.n_descsz == 0 || nh.n_descsz > 64)
				continue;
			memcpy(id, (const char *)d->d_buf + desc_off, nh.n_descsz);
			return nh.n_descsz;
		}
	}
	return 0;
}

int elf_debugfile_open(Elf *elf, const char *dir)
{
	unsigned char id[64];
	size_t n = build_id(elf, id);
	if (n < 2)
		return -1;
	char path[4096];
	int len = snprintf(path, sizeof path, "%s/.build-id/%02x/", dir ? dir : "/usr/lib/debug",
			   id[0]);
	for (size_t i = 1; i < n && len > 0 && (size_t)len < sizeof path - 8; i++)
		len += snprintf(path + len, sizeof path - (size_t)len, "%02x", id[i]);
	if (len <= 0 || (size_t)len >= sizeof path - 8)
		return -1;
	strcpy(path + len, ".debug");
	return open(path, O_RDONLY | O_CLOEXEC);
}
