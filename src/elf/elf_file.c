/* elf_file.c — open an ELF file through libelf and check its headers (see elf_file.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf_file.h"
#include "proc_path.h"
#include "util.h"

bool elf_file_libelf_ready(void)
{
	static int state; /* 0 unknown, 1 ok, -1 failed */
	if (!state)
		state = elf_version(EV_CURRENT) == EV_NONE ? -1 : 1;
	return state > 0;
}

static void clear(struct elf_file *f, const char *name)
{
	memset(f, 0, sizeof(*f));
	f->name = name;
	f->fd = -1;
}

int elf_file_open(struct elf_file *f, const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd;

	clear(f, path);
	if (!elf_file_libelf_ready())
		return util_seterr(err, errlen, "libelf version mismatch");
	fd = proc_path_open(path, O_RDONLY);
	if (fd < 0)
		return util_seterr(err, errlen, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) < 0) {
		int e = errno;
		close(fd);
		return util_seterr(err, errlen, "%s: %s", path, strerror(e));
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return util_seterr(err, errlen, "%s: not a regular file", path);
	}
	/* ELF_C_READ, not a mapping: libelf reads what is asked with pread, so a file truncated
	 * while we read it gives a read error, not a SIGBUS (the file may be anyone's) */
	f->elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!f->elf) {
		close(fd);
		return util_seterr(err, errlen, "%s: %s", path, elf_errmsg(-1));
	}
	f->fd = fd;
	f->size = (uint64_t)st.st_size;
	f->dev = st.st_dev;
	f->ino = st.st_ino;
	f->mtime_sec = st.st_mtim.tv_sec;
	f->mtime_nsec = st.st_mtim.tv_nsec;
	return 0;
}

int elf_file_from_memory(struct elf_file *f, const char *name, const void *image, size_t size,
			 char *err, size_t errlen)
{
	clear(f, name);
	if (!elf_file_libelf_ready())
		return util_seterr(err, errlen, "libelf version mismatch");
	/* elf_memory takes a writable buffer and keeps using it until elf_end */
	f->image = xmalloc(size ? size : 1);
	if (size)
		memcpy(f->image, image, size);
	f->elf = elf_memory((char *)f->image, size);
	if (!f->elf) {
		util_seterr(err, errlen, "%s: %s", name, elf_errmsg(-1));
		free(f->image);
		f->image = NULL;
		return -1;
	}
	f->size = size;
	return 0;
}

void elf_file_close(struct elf_file *f)
{
	if (f->elf)
		elf_end(f->elf);
	if (f->fd >= 0)
		close(f->fd);
	free(f->image);
	f->elf = NULL;
	f->fd = -1;
	f->image = NULL;
}

int elf_file_header(struct elf_file *f, GElf_Ehdr *eh, size_t *nphdrs, char *err, size_t errlen)
{
	const char *ident;
	size_t identlen;

	if (elf_kind(f->elf) != ELF_K_ELF)
		return util_seterr(err, errlen, "%s: not an ELF file", f->name);
	ident = elf_getident(f->elf, &identlen);
	if (!ident || identlen < EI_NIDENT)
		return util_seterr(err, errlen, "%s: truncated ELF header", f->name);
	if (ident[EI_CLASS] == ELFCLASS32)
		return util_seterr(err, errlen, "%s: 32-bit ELF objects are not supported", f->name);
	if (ident[EI_CLASS] != ELFCLASS64)
		return util_seterr(err, errlen, "%s: unknown ELF class %d", f->name, ident[EI_CLASS]);
	if (ident[EI_DATA] != ELFDATA2LSB && ident[EI_DATA] != ELFDATA2MSB)
		return util_seterr(err, errlen, "%s: unknown ELF byte order %d", f->name,
				   ident[EI_DATA]);
	if (!gelf_getehdr(f->elf, eh))
		return util_seterr(err, errlen, "%s: bad ELF header: %s", f->name, elf_errmsg(-1));
	/* libelf quietly treats header tables outside the file as empty: a truncated file would
	 * look like one without probes or functions */
	if (eh->e_phnum && (eh->e_phoff > f->size ||
			    (uint64_t)eh->e_phnum * eh->e_phentsize > f->size - eh->e_phoff))
		return util_seterr(err, errlen, "%s: program header table lies outside the file "
				   "(truncated?)", f->name);
	if (eh->e_shoff && (eh->e_shoff > f->size ||
			    (uint64_t)(eh->e_shnum ? eh->e_shnum : 1) * eh->e_shentsize >
			    f->size - eh->e_shoff))
		return util_seterr(err, errlen, "%s: section header table lies outside the file "
				   "(truncated?)", f->name);
	if (eh->e_type == ET_REL || eh->e_type == ET_CORE)
		return util_seterr(err, errlen, "%s: %s is neither an executable nor a shared object",
				   f->name, eh->e_type == ET_REL ? "relocatable object (ET_REL)" :
				   "core file (ET_CORE)");
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return util_seterr(err, errlen, "%s: ELF type %u is neither an executable nor a "
				   "shared object", f->name, (unsigned)eh->e_type);
	if (elf_getphdrnum(f->elf, nphdrs) != 0)
		return util_seterr(err, errlen, "%s: bad program headers: %s", f->name,
				   elf_errmsg(-1));
	return 0;
}

int elf_file_phdr(struct elf_file *f, size_t i, GElf_Phdr *ph, char *err, size_t errlen)
{
	if (!gelf_getphdr(f->elf, (int)i, ph))
		return util_seterr(err, errlen, "%s: bad program header %zu: %s", f->name, i,
				   elf_errmsg(-1));
	return 0;
}

int elf_file_next_section(struct elf_file *f, Elf_Scn **scn, GElf_Shdr *sh, const char **name,
			  char *err, size_t errlen)
{
	if (!*scn && elf_getshdrstrndx(f->elf, &f->shstrndx) != 0)
		return util_seterr(err, errlen, "%s: bad section headers: %s", f->name,
				   elf_errmsg(-1));
	*scn = elf_nextscn(f->elf, *scn);
	if (!*scn)
		return 0;
	if (!gelf_getshdr(*scn, sh))
		return util_seterr(err, errlen, "%s: bad section header: %s", f->name,
				   elf_errmsg(-1));
	*name = elf_strptr(f->elf, f->shstrndx, sh->sh_name);
	return 1;
}
