/* pid_peek — the code bytes a process runs at a function's entry, next to the same bytes in the
 * function's file: a uprobe that was left behind shows as a difference (an int3, 0xcc, on
 * x86-64). Used by tests/sh/pid_proc.sh after a tracer was killed.
 *
 *   pid_peek PID FILE SYMBOL N
 *
 * Finds SYMBOL (a function) in FILE's .symtab, else its .dynsym; turns its address into a file
 * offset through FILE's PT_LOAD segments; finds the mapping of FILE (same device and inode) in
 * /proc/PID/maps that holds that offset; reads N bytes (1..64) there from /proc/PID/mem and at
 * the offset from FILE. Prints
 *     addr 0xADDRESS
 *     mem XX XX ...
 *     file XX XX ...
 * Exit status 0, 1 on any failure (with a message on stderr), 2 for bad usage. */
#include <fcntl.h>
#include <gelf.h>
#include <inttypes.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static int find_symbol(Elf *e, const char *name, uint64_t *value)
{
	int found_dyn = 0;
	uint64_t dyn_value = 0;
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM) ||
		    sh.sh_entsize == 0)
			continue;
		Elf_Data *d = elf_getdata(scn, NULL);
		if (!d)
			continue;
		size_t n = sh.sh_size / sh.sh_entsize;
		for (size_t i = 0; i < n; i++) {
			GElf_Sym s;
			if (!gelf_getsym(d, (int)i, &s) || GELF_ST_TYPE(s.st_info) != STT_FUNC ||
			    s.st_shndx == SHN_UNDEF)
				continue;
			const char *sn = elf_strptr(e, sh.sh_link, s.st_name);
			if (!sn || strcmp(sn, name) != 0)
				continue;
			if (sh.sh_type == SHT_SYMTAB) {
				*value = s.st_value;
				return 0;
			}
			found_dyn = 1;
			dyn_value = s.st_value;
		}
	}
	if (!found_dyn)
		return -1;
	*value = dyn_value;
	return 0;
}

static int vaddr_to_offset(Elf *e, uint64_t vaddr, uint64_t *off)
{
	size_t n;

	if (elf_getphdrnum(e, &n) != 0)
		return -1;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;
		if (!gelf_getphdr(e, (int)i, &ph) || ph.p_type != PT_LOAD)
			continue;
		if (vaddr >= ph.p_vaddr && vaddr < ph.p_vaddr + ph.p_filesz) {
			*off = vaddr - ph.p_vaddr + ph.p_offset;
			return 0;
		}
	}
	return -1;
}

/* The address at which PID maps byte OFF of the file with device DEV and inode INO. */
static int map_address(int pid, dev_t dev, ino_t ino, uint64_t off, uint64_t *addr)
{
	char path[64], line[4096];

	snprintf(path, sizeof path, "/proc/%d/maps", pid);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	int rc = -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long long start, end, moff, inode;
		unsigned int maj, mnr;
		if (sscanf(line, "%llx-%llx %*s %llx %x:%x %llu", &start, &end, &moff, &maj, &mnr,
			   &inode) != 6)
			continue;
		if (inode != (unsigned long long)ino || maj != major(dev) || mnr != minor(dev))
			continue;
		if (off >= moff && off < moff + (end - start)) {
			*addr = start + (off - moff);
			rc = 0;
			break;
		}
	}
	fclose(f);
	return rc;
}

static void print_bytes(const char *label, const unsigned char *b, int n)
{
	printf("%s", label);
	for (int i = 0; i < n; i++)
		printf(" %02x", b[i]);
	putchar('\n');
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: pid_peek PID FILE SYMBOL N\n");
		return 2;
	}
	int pid = atoi(argv[1]), n = atoi(argv[4]);
	if (pid <= 0 || n < 1 || n > 64) {
		fprintf(stderr, "usage: pid_peek PID FILE SYMBOL N (N from 1 to 64)\n");
		return 2;
	}
	elf_version(EV_CURRENT);
	int fd = open(argv[2], O_RDONLY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		perror(argv[2]);
		return 1;
	}
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	uint64_t value, off, addr;
	if (!e || find_symbol(e, argv[3], &value) != 0) {
		fprintf(stderr, "pid_peek: no function %s in %s\n", argv[3], argv[2]);
		return 1;
	}
	if (vaddr_to_offset(e, value, &off) != 0) {
		fprintf(stderr, "pid_peek: %s at 0x%" PRIx64 " is in no loadable segment\n", argv[3], value);
		return 1;
	}
	if (map_address(pid, st.st_dev, st.st_ino, off, &addr) != 0) {
		fprintf(stderr, "pid_peek: pid %d does not map offset 0x%" PRIx64 " of %s\n", pid, off,
			argv[2]);
		return 1;
	}
	unsigned char mem[64], file[64];
	char mpath[64];
	snprintf(mpath, sizeof mpath, "/proc/%d/mem", pid);
	int mfd = open(mpath, O_RDONLY);
	if (mfd < 0 || pread(mfd, mem, (size_t)n, (off_t)addr) != n) {
		perror(mpath);
		return 1;
	}
	if (pread(fd, file, (size_t)n, (off_t)off) != n) {
		perror(argv[2]);
		return 1;
	}
	printf("addr 0x%" PRIx64 "\n", addr);
	print_bytes("mem", mem, n);
	print_bytes("file", file, n);
	close(mfd);
	elf_end(e);
	close(fd);
	return 0;
}
