/* elf_debugfile.c — separate debug files by build ID and by debuglink (elf_debugfile.h). */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "elf_debugfile.h"
#include "proc_path.h"

size_t elf_debugfile_build_id(Elf *elf, unsigned char *id)
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
	size_t n = elf_debugfile_build_id(elf, id);
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

/* The .gnu_debuglink's file name into name (at most namelen bytes with its NUL) and CRC; false
 * when there is none or it is malformed: a NUL-terminated name, padding to 4 bytes, the CRC-32
 * in the object's byte order. */
static bool debuglink(Elf *elf, char *name, size_t namelen, uint32_t *crc)
{
	size_t shstrndx;
	if (elf_getshdrstrndx(elf, &shstrndx) != 0)
		return false;
	for (Elf_Scn *s = elf_nextscn(elf, NULL); s; s = elf_nextscn(elf, s)) {
		GElf_Shdr sh;
		if (!gelf_getshdr(s, &sh) || sh.sh_type != SHT_PROGBITS)
			continue;
		const char *nm = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!nm || strcmp(nm, ".gnu_debuglink") != 0)
			continue;
		Elf_Data *d = elf_getdata(s, NULL);
		if (!d || !d->d_buf)
			return false;
		const char *p = d->d_buf;
		size_t len = strnlen(p, d->d_size);
		size_t crc_at = (len + 4) & ~(size_t)3;
		if (len == 0 || len >= namelen || crc_at + 4 > d->d_size)
			return false;
		memcpy(name, p, len);
		name[len] = '\0';
		unsigned char b[4];
		memcpy(b, p + crc_at, 4);
		GElf_Ehdr eh;
		bool msb = gelf_getehdr(elf, &eh) && eh.e_ident[EI_DATA] == ELFDATA2MSB;
		*crc = msb ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]
			   : (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
		return strchr(name, '/') == NULL && strcmp(name, ".") != 0 && strcmp(name, "..") != 0;
	}
	return false;
}

/* fd when the file it reads is a regular file other than self whose CRC-32 is crc; else closed,
 * -1. */
static int take_if_match(int fd, uint32_t crc, dev_t self_dev, ino_t self_ino)
{
	struct stat st;
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    (self_ino && st.st_dev == self_dev && st.st_ino == self_ino)) {
		close(fd);
		return -1;
	}
	uLong c = crc32(0, Z_NULL, 0);
	unsigned char buf[65536];
	ssize_t n;
	off_t at = 0;
	while ((n = pread(fd, buf, sizeof buf, at)) > 0) {
		c = crc32(c, buf, (uInt)n);
		at += n;
	}
	if (n < 0 || (uint32_t)c != crc) {
		close(fd);
		return -1;
	}
	return fd;
}

int elf_debugfile_open_link(Elf *elf, const char *objdir, pid_t pid, const char *dir, dev_t self_dev,
			    ino_t self_ino)
{
	char name[256], path[4096];
	uint32_t crc;
	if (!objdir || !debuglink(elf, name, sizeof name, &crc))
		return -1;
	const char *fmt[] = { "%s/%s", "%s/.debug/%s" };
	for (int i = 0; i < 2; i++) {
		if ((size_t)snprintf(path, sizeof path, fmt[i], objdir, name) >= sizeof path)
			return -1;
		int fd = pid > 0 ? proc_root_open(pid, path, O_RDONLY) : open(path, O_RDONLY | O_CLOEXEC);
		fd = take_if_match(fd, crc, self_dev, self_ino);
		if (fd >= 0)
			return fd;
	}
	if ((size_t)snprintf(path, sizeof path, "%s%s/%s", dir ? dir : "/usr/lib/debug", objdir, name) >=
	    sizeof path)
		return -1;
	return take_if_match(open(path, O_RDONLY | O_CLOEXEC), crc, self_dev, self_ino);
}

int elf_debugfile_find(Elf *elf, const char *objdir, pid_t pid, dev_t self_dev, ino_t self_ino)
{
	int fd = elf_debugfile_open(elf, NULL);
	return fd >= 0 ? fd : elf_debugfile_open_link(elf, objdir, pid, NULL, self_dev, self_ino);
}
