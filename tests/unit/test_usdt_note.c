/* test_usdt_note.c — reading USDT sites from real ELF files, and surviving broken ones.
 *
 * The real file is /usr/bin/python3.11 (8 probes, all with semaphores). Independent checks:
 * the byte at each site's file offset must be the nop (0x90) the stapsdt convention plants, and
 * the semaphore offsets must land in a writable segment. Broken inputs are made from the same
 * file's bytes, corrupted in memory, and must give either a clean error or warnings, never a
 * crash (this test also runs under ASan/UBSan). The comparison with readelf is in
 * tests/sh/notes_readelf.sh. */
#include <elf.h>
#include <gelf.h>
#include <stdint.h>
#include <sys/stat.h>

#include "t.h"
#include "usdt_note.h"
#include "usdt_typenote.h"
#include "util.h"

#define PYTHON "/usr/bin/python3.11"

static char *py_image;
static size_t py_size;
static size_t note_off, note_size; /* .note.stapsdt in py_image */
static size_t note_shdr;           /* offset of its section header in py_image */

static bool load_python(void)
{
	if (py_image)
		return true;
	py_image = util_read_file(PYTHON, &py_size);
	if (!py_image) {
		printf("# cannot read " PYTHON "\n");
		return false;
	}
	/* Locate the note section with libelf directly, independently of usdt_note. */
	elf_version(EV_CURRENT);
	Elf *e = elf_memory(py_image, py_size);
	size_t shstrndx;
	Elf_Scn *scn = NULL;
	if (!e || elf_getshdrstrndx(e, &shstrndx) != 0)
		return false;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		const char *n = elf_strptr(e, shstrndx, sh.sh_name);
		if (n && strcmp(n, ".note.stapsdt") == 0) {
			GElf_Ehdr eh;
			gelf_getehdr(e, &eh);
			note_shdr = eh.e_shoff + elf_ndxscn(scn) * eh.e_shentsize;
			note_off = sh.sh_offset;
			note_size = sh.sh_size;
		}
	}
	elf_end(e);
	return note_size > 0;
}

static struct usdt_file *open_image(const char *img, size_t size, char *err, size_t errlen)
{
	struct usdt_file *f = NULL;
	if (usdt_file_from_memory("image", img, size, &f, err, errlen) < 0)
		return NULL;
	return f;
}

static const char *const py_probes[] = {
	"audit", "gc__start", "gc__done", "line", "function__entry", "function__return",
	"import__find__load__start", "import__find__load__done",
};

T_CASE(python_sites)
{
	struct usdt_file *f;
	char err[256];

	T_CHECK(load_python());
	if (!py_image)
		return;
	T_EQ_INT(usdt_file_open(PYTHON, &f, err, sizeof(err)), 0);
	if (!f)
		return;
	struct stat st;
	T_EQ_INT(stat(PYTHON, &st), 0);
	T_EQ_UINT(f->ino, st.st_ino);
	T_EQ_UINT(f->dev, st.st_dev);
	T_EQ_INT(f->machine, EM_X86_64);
	T_EQ_INT(f->nsites, 8);
	T_EQ_INT(f->nwarnings, 0);
	for (size_t p = 0; p < sizeof(py_probes) / sizeof(py_probes[0]); p++) {
		int found = 0;
		for (int i = 0; i < f->nsites; i++)
			found += strcmp(f->sites[i].name, py_probes[p]) == 0;
		if (found != 1)
			printf("# probe %s found %d times\n", py_probes[p], found);
		T_EQ_INT(found, 1);
	}
	for (int i = 0; i < f->nsites; i++) {
		const struct usdt_site *s = &f->sites[i];
		T_EQ_STR(s->provider, "python");
		T_CHECK(s->pc_off < py_size);
		T_EQ_INT((unsigned char)py_image[s->pc_off], 0x90);
		T_EQ_INT(usdt_file_vaddr_to_off(f, s->pc), (int64_t)s->pc_off);
		T_CHECK(s->sem != 0);
		T_EQ_INT(usdt_file_vaddr_to_off(f, s->sem), (int64_t)s->sem_off);
		/* The semaphore must be in a writable segment. */
		bool writable = false;
		for (int k = 0; k < f->nsegs; k++)
			if (s->sem >= f->segs[k].vaddr && s->sem < f->segs[k].vaddr + f->segs[k].filesz)
				writable = f->segs[k].flags & PF_W;
		T_CHECK(writable);
		T_CHECK(s->nargs > 0);
		T_EQ_INT(s->nbadargs, 0);
	}
	/* The same bytes through the memory path give the same answer. */
	struct usdt_file *g = open_image(py_image, py_size, err, sizeof(err));
	T_CHECK(g != NULL);
	if (g) {
		T_EQ_INT(g->nsites, f->nsites);
		for (int i = 0; i < g->nsites && i < f->nsites; i++) {
			T_EQ_UINT(g->sites[i].pc, f->sites[i].pc);
			T_EQ_UINT(g->sites[i].sem_off, f->sites[i].sem_off);
			T_EQ_STR(g->sites[i].argstr, f->sites[i].argstr);
		}
		usdt_file_free(g);
	}
	usdt_file_free(f);
}

/* A lazy open reads the notes but not the symbols; resolving then gives what a full open
 * gives: the same functions, and closing an unresolved file leaks nothing (ASan run). */
T_CASE(lazy_then_resolved)
{
	struct usdt_file *f, *g, *h;
	char err[256];

	/* libstdc++'s probes sit in exported functions (__cxa_throw...), so resolving names them */
	const char *lib = "/usr/lib/x86_64-linux-gnu/libstdc++.so.6";
	T_EQ_INT(usdt_file_open(lib, &f, err, sizeof(err)), 0);
	T_EQ_INT(usdt_file_open_lazy(lib, &g, err, sizeof(err)), 0);
	T_EQ_INT(usdt_file_open_lazy(lib, &h, err, sizeof(err)), 0);
	if (!f || !g || !h)
		return;
	T_EQ_INT(g->nsites, f->nsites);
	T_CHECK(g->pending != NULL);
	for (int i = 0; i < g->nsites; i++) {
		T_EQ_STR(g->sites[i].name, f->sites[i].name);
		T_CHECK(g->sites[i].function == NULL);
	}
	usdt_file_resolve(g);
	usdt_file_resolve(g); /* idempotent */
	T_CHECK(g->pending == NULL);
	int named = 0;
	for (int i = 0; i < g->nsites && i < f->nsites; i++) {
		const char *a = g->sites[i].function, *b = f->sites[i].function;
		T_CHECK((a == NULL) == (b == NULL));
		if (a && b) {
			T_EQ_STR(a, b);
			named++;
		}
		for (int k = 0; k < g->sites[i].nargs; k++)
			T_EQ_INT(g->sites[i].args[k].sym_resolved, f->sites[i].args[k].sym_resolved);
	}
	T_CHECK(named > 0);
	T_EQ_INT(g->nwarnings, f->nwarnings);
	usdt_file_free(h);
	usdt_file_free(g);
	usdt_file_free(f);
	/* A file without probes is complete at once. */
	T_EQ_INT(usdt_file_open_lazy("/proc/self/exe", &g, err, sizeof(err)), 0);
	if (g) {
		T_CHECK(g->pending == NULL);
		usdt_file_free(g);
	}
}

T_CASE(not_elf)
{
	struct usdt_file *f = (struct usdt_file *)1;
	char err[256] = "";
	static const char text[] = "#!/bin/sh\necho this is not ELF\n";

	T_EQ_INT(usdt_file_from_memory("script", text, sizeof(text) - 1, &f, err, sizeof(err)), -1);
	T_CHECK(f == NULL);
	T_CHECK(strstr(err, "not an ELF file") != NULL);
	T_EQ_INT(usdt_file_from_memory("empty", text, 0, &f, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "not an ELF file") != NULL);
	T_EQ_INT(usdt_file_open("/nonexistent/usdtrace-test", &f, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "No such file") != NULL);
	T_EQ_INT(usdt_file_open("/", &f, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "not a regular file") != NULL);
	/* Only the magic: an ELF with nothing after it. */
	T_EQ_INT(usdt_file_from_memory("magic", "\177ELF", 4, &f, err, sizeof(err)), -1);
	T_CHECK(err[0] != 0);
}

T_CASE(elf32_rejected)
{
	/* A minimal but well-formed ELF32 header: i386 executable, no program or section headers. */
	Elf32_Ehdr h;
	struct usdt_file *f;
	char err[256] = "";
	memset(&h, 0, sizeof(h));
	memcpy(h.e_ident, ELFMAG, SELFMAG);
	h.e_ident[EI_CLASS] = ELFCLASS32;
	h.e_ident[EI_DATA] = ELFDATA2LSB;
	h.e_ident[EI_VERSION] = EV_CURRENT;
	h.e_type = ET_EXEC;
	h.e_machine = EM_386;
	h.e_version = EV_CURRENT;
	h.e_ehsize = sizeof(h);
	T_EQ_INT(usdt_file_from_memory("elf32", &h, sizeof(h), &f, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "32-bit ELF objects are not supported") != NULL);
}

T_CASE(relocatable_rejected)
{
	Elf64_Ehdr h;
	struct usdt_file *f;
	char err[256] = "";
	memset(&h, 0, sizeof(h));
	memcpy(h.e_ident, ELFMAG, SELFMAG);
	h.e_ident[EI_CLASS] = ELFCLASS64;
	h.e_ident[EI_DATA] = ELFDATA2LSB;
	h.e_ident[EI_VERSION] = EV_CURRENT;
	h.e_type = ET_REL;
	h.e_machine = EM_X86_64;
	h.e_version = EV_CURRENT;
	h.e_ehsize = sizeof(h);
	T_EQ_INT(usdt_file_from_memory("rel", &h, sizeof(h), &f, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "neither an executable nor a shared object") != NULL);
	/* The same header as ET_EXEC with no sections at all is a file without probes. */
	h.e_type = ET_EXEC;
	T_EQ_INT(usdt_file_from_memory("bare", &h, sizeof(h), &f, err, sizeof(err)), 0);
	if (f) {
		T_EQ_INT(f->nsites, 0);
		usdt_file_free(f);
	}
}

/* Truncating the file anywhere gives an error or a (possibly partial) result, never a crash. */
T_CASE(truncated)
{
	char err[256];
	int failed = 0, succeeded = 0;
	if (!load_python())
		return;
	size_t points[] = {1, 3, 15, 16, 63, 64, 65, 100, 200, 4096, 10000, note_off, note_off + 1,
			   note_off + 12, note_off + 30, note_off + note_size / 2, note_off + note_size - 1,
			   note_off + note_size, py_size - 1000, py_size - 64, py_size - 1};
	for (size_t i = 0; i < sizeof(points) / sizeof(points[0]); i++) {
		struct usdt_file *f = NULL;
		err[0] = 0;
		if (usdt_file_from_memory("trunc", py_image, points[i], &f, err, sizeof(err)) < 0) {
			T_CHECK(f == NULL);
			T_CHECK(err[0] != 0);
			failed++;
		} else {
			T_CHECK(f->nsites <= 8);
			usdt_file_free(f);
			succeeded++;
		}
	}
	/* Python's section headers sit at the end of the file: cutting anything loses them. */
	T_EQ_INT(succeeded, 0);
	T_EQ_INT(failed, (int)(sizeof(points) / sizeof(points[0])));
}

/* Offsets of the notes inside the section, walked with our own reading of the format. */
static int note_offsets(size_t *offs, int max)
{
	size_t o = 0;
	int n = 0;
	while (o + 12 <= note_size && n < max) {
		uint32_t namesz, descsz;
		memcpy(&namesz, py_image + note_off + o, 4);
		memcpy(&descsz, py_image + note_off + o + 4, 4);
		offs[n++] = o;
		o += 12 + ((namesz + 3) & ~3u) + ((descsz + 3) & ~3u);
	}
	return n;
}

static struct usdt_file *open_patched(size_t at, const void *bytes, size_t n)
{
	char *img = xmalloc(py_size), err[256];
	memcpy(img, py_image, py_size);
	memcpy(img + note_off + at, bytes, n);
	struct usdt_file *f = open_image(img, py_size, err, sizeof(err));
	if (!f)
		printf("# open failed: %s\n", err);
	free(img);
	return f;
}

static bool has_warning(const struct usdt_file *f, const char *text)
{
	for (int i = 0; i < f->nwarnings; i++)
		if (strstr(f->warnings[i], text))
			return true;
	return false;
}

T_CASE(corrupt_sizes)
{
	size_t offs[16];
	uint32_t v;
	struct usdt_file *f;

	if (!load_python())
		return;
	T_EQ_INT(note_offsets(offs, 16), 8);

	/* namesz of the first note runs past the section: nothing after it can be trusted. */
	v = 0xfffffff0;
	f = open_patched(offs[0], &v, 4);
	T_CHECK(f != NULL);
	if (f) {
		T_EQ_INT(f->nsites, 0);
		T_CHECK(has_warning(f, "runs past the end"));
		usdt_file_free(f);
	}
	/* descsz of the third note too big: the first two survive. */
	v = 0x7fffffff;
	f = open_patched(offs[2] + 4, &v, 4);
	T_CHECK(f != NULL);
	if (f) {
		T_EQ_INT(f->nsites, 2);
		T_CHECK(has_warning(f, "runs past the end"));
		usdt_file_free(f);
	}
	/* A descriptor shorter than the three addresses. The walk continues at the next 4-byte
	 * boundary after it, which is inside the old descriptor: whatever follows is garbage,
	 * but must be handled. */
	v = 20;
	f = open_patched(offs[1] + 4, &v, 4);
	T_CHECK(f != NULL);
	if (f) {
		T_CHECK(has_warning(f, "too short"));
		T_CHECK(f->nsites >= 1 && f->nsites < 8);
		usdt_file_free(f);
	}
}

T_CASE(corrupt_strings)
{
	size_t offs[16];
	if (!load_python())
		return;
	T_EQ_INT(note_offsets(offs, 16), 8);
	/* Overwrite every NUL of note 4's descriptor strings: it is dropped, the rest stay. */
	uint32_t descsz;
	memcpy(&descsz, py_image + note_off + offs[4] + 4, 4);
	size_t desc = offs[4] + 12 + 8;
	char *img = xmalloc(py_size), err[256];
	memcpy(img, py_image, py_size);
	for (size_t i = 24; i < descsz; i++)
		if (img[note_off + desc + i] == 0)
			img[note_off + desc + i] = 'X';
	struct usdt_file *f = open_image(img, py_size, err, sizeof(err));
	T_CHECK(f != NULL);
	if (f) {
		T_EQ_INT(f->nsites, 7);
		T_CHECK(has_warning(f, "NUL-terminated"));
		usdt_file_free(f);
	}
	/* An empty provider name. */
	memcpy(img, py_image, py_size);
	img[note_off + desc + 24] = 0;
	f = open_image(img, py_size, err, sizeof(err));
	T_CHECK(f != NULL);
	if (f) {
		T_EQ_INT(f->nsites, 7);
		T_CHECK(has_warning(f, "empty provider"));
		usdt_file_free(f);
	}
	free(img);
}

/* Flip bytes all over the note section: every outcome is acceptable except a crash, a hang, an
 * ASan report, or a site with missing strings. */
T_CASE(fuzz_note_bytes)
{
	static const unsigned char vals[] = {0x00, 0xff, 0x80};
	if (!load_python())
		return;
	char *img = xmalloc(py_size), err[256];
	memcpy(img, py_image, py_size);
	int runs = 0;
	for (size_t i = 0; i < note_size; i += 5) {
		for (size_t k = 0; k < sizeof(vals); k++) {
			char saved = img[note_off + i];
			img[note_off + i] = (char)(vals[k] ^ (i & 1 ? 0x01 : 0));
			struct usdt_file *f = open_image(img, py_size, err, sizeof(err));
			img[note_off + i] = saved;
			runs++;
			if (!f)
				continue;
			T_CHECK(f->nsites <= 8);
			for (int s = 0; s < f->nsites; s++) {
				T_CHECK(f->sites[s].provider && f->sites[s].name && f->sites[s].argstr);
				T_CHECK(f->sites[s].nargs >= 0);
			}
			usdt_file_free(f);
		}
	}
	T_CHECK(runs > 100);
	free(img);
}

/* Random bytes written into the ELF header, the program headers and the section headers:
 * libelf and we must reject or read the result, never crash. */
T_CASE(fuzz_headers)
{
	if (!load_python())
		return;
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)py_image;
	size_t ph_end = eh->e_phoff + (size_t)eh->e_phnum * eh->e_phentsize;
	size_t sh_start = eh->e_shoff, sh_len = (size_t)eh->e_shnum * eh->e_shentsize;
	char *img = xmalloc(py_size), err[256];
	unsigned seed = 777;
	int ok = 0, rejected = 0;
	memcpy(img, py_image, py_size);
	for (int iter = 0; iter < 400; iter++) {
		seed = seed * 1103515245 + 12345;
		size_t at = iter % 2 ? (seed >> 8) % ph_end : sh_start + (seed >> 8) % sh_len;
		char saved[4];
		size_t n = at + 4 <= py_size ? 4 : 1;
		memcpy(saved, img + at, n);
		for (size_t k = 0; k < n; k++) {
			seed = seed * 1103515245 + 12345;
			img[at + k] = (char)(seed >> 16);
		}
		struct usdt_file *f = open_image(img, py_size, err, sizeof(err));
		memcpy(img + at, saved, n);
		if (!f) {
			T_CHECK(err[0] != 0);
			rejected++;
			continue;
		}
		ok++;
		T_CHECK(f->nsites <= 8);
		for (int i = 0; i < f->nsites; i++)
			T_CHECK(f->sites[i].provider && f->sites[i].name);
		usdt_file_free(f);
	}
	printf("# %d read, %d rejected\n", ok, rejected);
	T_CHECK(ok > 0 && rejected > 0);
	free(img);
}

/* Garbage section header table offset: a clear error. */
T_CASE(corrupt_section_headers)
{
	if (!load_python())
		return;
	char *img = xmalloc(py_size), err[256] = "";
	memcpy(img, py_image, py_size);
	Elf64_Ehdr *eh = (Elf64_Ehdr *)img;
	eh->e_shoff = py_size - 10;
	struct usdt_file *f = open_image(img, py_size, err, sizeof(err));
	T_CHECK(f == NULL);
	T_CHECK(strstr(err, "section header table") != NULL);
	usdt_file_free(f);
	memcpy(img, py_image, py_size);
	eh->e_phoff = py_size + 100;
	f = open_image(img, py_size, err, sizeof(err));
	T_CHECK(f == NULL);
	T_CHECK(strstr(err, "program header") != NULL);
	usdt_file_free(f);
	/* The note section's own header points past the end of the file. */
	memcpy(img, py_image, py_size);
	Elf64_Shdr *sh = (Elf64_Shdr *)(img + note_shdr);
	T_EQ_UINT(sh->sh_offset, note_off);
	sh->sh_offset = py_size - 8;
	f = open_image(img, py_size, err, sizeof(err));
	T_CHECK(f == NULL);
	T_CHECK(strstr(err, "cannot read section .note.stapsdt") != NULL);
	if (!strstr(err, "cannot read section .note.stapsdt"))
		printf("# error was: %s\n", err);
	usdt_file_free(f);
	free(img);
}

/* pc is adjusted by .stapsdt.base minus the note's base; the semaphore is not. */
T_CASE(base_adjustment)
{
	size_t offs[16];
	if (!load_python())
		return;
	T_EQ_INT(note_offsets(offs, 16), 8);
	char err[256];
	struct usdt_file *orig = open_image(py_image, py_size, err, sizeof(err));
	T_CHECK(orig != NULL);
	if (!orig)
		return;
	/* Pretend the section moved up by 16 since note 0 was written: its recorded base is 16
	 * lower, so its pc must move up by 16. */
	uint64_t base;
	size_t at = offs[0] + 12 + 8 + 8;
	memcpy(&base, py_image + note_off + at, 8);
	base -= 16;
	struct usdt_file *f = open_patched(at, &base, 8);
	T_CHECK(f != NULL);
	if (f) {
		T_EQ_UINT(f->sites[0].pc, orig->sites[0].pc + 16);
		T_EQ_UINT(f->sites[0].pc_off, orig->sites[0].pc_off + 16);
		T_EQ_UINT(f->sites[0].sem, orig->sites[0].sem);
		T_EQ_UINT(f->sites[1].pc, orig->sites[1].pc);
		usdt_file_free(f);
	}
	/* A zero base field means "no adjustment". */
	base = 0;
	f = open_patched(at, &base, 8);
	T_CHECK(f != NULL);
	if (f) {
		T_EQ_UINT(f->sites[0].pc, orig->sites[0].pc);
		usdt_file_free(f);
	}
	usdt_file_free(orig);
}

T_CASE(vaddr_to_off)
{
	struct usdt_segment segs[2] = {
		{.vaddr = 0x400000, .memsz = 0x2000, .offset = 0, .filesz = 0x2000, .flags = PF_R | PF_X},
		{.vaddr = 0x603e10, .memsz = 0x500, .offset = 0x2e10, .filesz = 0x200, .flags = PF_R | PF_W},
	};
	struct usdt_file f;
	memset(&f, 0, sizeof(f));
	f.nsegs = 2;
	f.segs = segs;
	T_EQ_INT(usdt_file_vaddr_to_off(&f, 0x400000), 0);
	T_EQ_INT(usdt_file_vaddr_to_off(&f, 0x401fff), 0x1fff);
	T_EQ_INT(usdt_file_vaddr_to_off(&f, 0x402000), -1);
	T_EQ_INT(usdt_file_vaddr_to_off(&f, 0x603e20), 0x2e20);
	T_EQ_INT(usdt_file_vaddr_to_off(&f, 0x604010), -1); /* in .bss: no file bytes */
	T_EQ_INT(usdt_file_vaddr_to_off(&f, 0), -1);
}

T_CASE(no_probes)
{
	/* Our own test binary has no notes. */
	struct usdt_file *f;
	char err[256];
	T_EQ_INT(usdt_file_open("/proc/self/exe", &f, err, sizeof(err)), 0);
	if (f) {
		T_EQ_INT(f->nsites, 0);
		T_EQ_INT(f->ntypes, 0);
		T_CHECK(f->decls == NULL);
		T_CHECK(f->nsegs > 0);
		usdt_file_free(f);
	}
}

/* ---- synthetic files: a tiny ET_EXEC built in memory with exactly the notes a case needs ---- */

struct synth {
	struct strbuf stapsdt, typenotes; /* note section contents */
	uint16_t machine;
	uint64_t load_size;               /* PT_LOAD memsz/filesz from vaddr 0x400000 */
};

static void note_add(struct strbuf *b, const char *owner, uint32_t type, const void *desc,
		     uint32_t descsz)
{
	uint32_t namesz = (uint32_t)strlen(owner) + 1, hdr[3] = {namesz, descsz, type};
	static const char zeros[4];
	strbuf_add(b, (const char *)hdr, sizeof(hdr));
	strbuf_add(b, owner, namesz);
	strbuf_add(b, zeros, (4 - namesz % 4) % 4);
	strbuf_add(b, desc, descsz);
	strbuf_add(b, zeros, (4 - descsz % 4) % 4);
}

/* A stapsdt note: pc, base, sem, then "prov\0name\0args\0". */
static void site_add(struct synth *sy, uint64_t pc, uint64_t base, uint64_t sem,
		     const char *prov, const char *name, const char *args)
{
	struct strbuf d = {0};
	uint64_t addrs[3] = {pc, base, sem};
	strbuf_add(&d, (const char *)addrs, sizeof(addrs));
	strbuf_add(&d, prov, strlen(prov) + 1);
	strbuf_add(&d, name, strlen(name) + 1);
	strbuf_add(&d, args, strlen(args) + 1);
	note_add(&sy->stapsdt, "stapsdt", 3, d.s, (uint32_t)d.len);
	strbuf_free(&d);
}

#define SYNTH_BASE_ADDR 0x400100 /* where .stapsdt.base sits */

/* Layout: ehdr, 1 phdr, .stapsdt.base (1 byte), .note.stapsdt, .note.usdtrace, .shstrtab,
 * section headers. Returns a malloc'd image. */
static char *synth_build(struct synth *sy, size_t *size)
{
	static const char shstr[] = "\0.stapsdt.base\0.note.stapsdt\0.note.usdtrace\0.shstrtab";
	struct strbuf img = {0};
	Elf64_Ehdr eh = {0};
	Elf64_Phdr ph = {0};
	Elf64_Shdr sh[5];
	size_t off_base, off_notes, off_types, off_str, off_sh;

	memset(sh, 0, sizeof(sh));
	strbuf_add(&img, (const char *)&eh, sizeof(eh));
	strbuf_add(&img, (const char *)&ph, sizeof(ph));
	off_base = img.len;
	strbuf_putc(&img, 0);
	while (img.len % 8)
		strbuf_putc(&img, 0);
	off_notes = img.len;
	if (sy->stapsdt.len)
		strbuf_add(&img, sy->stapsdt.s, sy->stapsdt.len);
	off_types = img.len;
	if (sy->typenotes.len)
		strbuf_add(&img, sy->typenotes.s, sy->typenotes.len);
	off_str = img.len;
	strbuf_add(&img, shstr, sizeof(shstr));
	while (img.len % 8)
		strbuf_putc(&img, 0);
	off_sh = img.len;

	sh[1] = (Elf64_Shdr){.sh_name = 1, .sh_type = SHT_PROGBITS, .sh_flags = SHF_ALLOC,
			     .sh_addr = SYNTH_BASE_ADDR, .sh_offset = off_base, .sh_size = 1,
			     .sh_addralign = 1};
	sh[2] = (Elf64_Shdr){.sh_name = 15, .sh_type = SHT_NOTE, .sh_offset = off_notes,
			     .sh_size = off_types - off_notes, .sh_addralign = 4};
	sh[3] = (Elf64_Shdr){.sh_name = 29, .sh_type = SHT_NOTE, .sh_offset = off_types,
			     .sh_size = off_str - off_types, .sh_addralign = 4};
	sh[4] = (Elf64_Shdr){.sh_name = 44, .sh_type = SHT_STRTAB, .sh_offset = off_str,
			     .sh_size = sizeof(shstr), .sh_addralign = 1};
	strbuf_add(&img, (const char *)sh, sizeof(sh));

	memcpy(eh.e_ident, ELFMAG, SELFMAG);
	eh.e_ident[EI_CLASS] = ELFCLASS64;
	eh.e_ident[EI_DATA] = ELFDATA2LSB;
	eh.e_ident[EI_VERSION] = EV_CURRENT;
	eh.e_type = ET_EXEC;
	eh.e_machine = sy->machine ? sy->machine : EM_X86_64;
	eh.e_version = EV_CURRENT;
	eh.e_phoff = sizeof(eh);
	eh.e_shoff = off_sh;
	eh.e_ehsize = sizeof(eh);
	eh.e_phentsize = sizeof(ph);
	eh.e_phnum = 1;
	eh.e_shentsize = sizeof(Elf64_Shdr);
	eh.e_shnum = 5;
	eh.e_shstrndx = 4;
	ph.p_type = PT_LOAD;
	ph.p_flags = PF_R | PF_X;
	ph.p_vaddr = ph.p_paddr = 0x400000;
	ph.p_filesz = ph.p_memsz = sy->load_size ? sy->load_size : 0x1000;
	ph.p_align = 0x1000;
	memcpy(img.s, &eh, sizeof(eh));
	memcpy(img.s + sizeof(eh), &ph, sizeof(ph));
	strbuf_free(&sy->stapsdt);
	strbuf_free(&sy->typenotes);
	*size = img.len;
	return strbuf_take(&img);
}

static struct usdt_file *synth_open(struct synth *sy)
{
	size_t size;
	char *img = synth_build(sy, &size), err[256];
	struct usdt_file *f = open_image(img, size, err, sizeof(err));
	if (!f)
		printf("# synthetic file rejected: %s\n", err);
	free(img);
	return f;
}

T_CASE(synth_sites)
{
	struct synth sy = {0};
	site_add(&sy, 0x400200, SYNTH_BASE_ADDR, 0, "p", "plain", "-4@%edi 8@$5");
	site_add(&sy, 0x400200, SYNTH_BASE_ADDR - 0x10, 0, "p", "moved", "");
	site_add(&sy, 0x900000, SYNTH_BASE_ADDR, 0, "p", "outside", "");
	site_add(&sy, 0x400300, SYNTH_BASE_ADDR, 0x800000, "p", "badsem", "");
	site_add(&sy, 0x400300, SYNTH_BASE_ADDR, 0x400400, "p", "sem", "3@%eax 8@$sym");
	struct usdt_file *f = synth_open(&sy);
	T_CHECK(f != NULL);
	if (!f)
		return;
	T_EQ_INT(f->elf_type, ET_EXEC);
	T_EQ_INT(f->nsegs, 1);
	T_EQ_INT(f->nsites, 3);
	T_EQ_STR(f->sites[0].name, "plain");
	T_EQ_UINT(f->sites[0].pc, 0x400200);
	T_EQ_UINT(f->sites[0].pc_off, 0x200);
	T_EQ_INT(f->sites[0].nargs, 2);
	T_CHECK(f->sites[0].function == NULL); /* no symbol tables at all */
	T_EQ_STR(f->sites[1].name, "moved");
	T_EQ_UINT(f->sites[1].pc, 0x400210);
	T_EQ_INT(f->sites[1].nargs, 0);
	T_EQ_STR(f->sites[2].name, "sem");
	T_EQ_UINT(f->sites[2].sem_off, 0x400);
	/* "3@%eax" is undecodable, "$sym" has no symbol table to resolve it: both invalid. */
	T_EQ_INT(f->sites[2].nbadargs, 2);
	T_EQ_INT(f->sites[2].args[1].kind, USDT_LOC_INVALID);
	T_CHECK(strstr(f->sites[2].args[1].error, "not found"));
	T_CHECK(has_warning(f, "p:outside: probe address 0x900000 is outside every loadable segment"));
	T_CHECK(has_warning(f, "p:badsem: semaphore address 0x800000"));
	usdt_file_free(f);
}

T_CASE(synth_other_machine)
{
	struct synth sy = {.machine = EM_AARCH64};
	site_add(&sy, 0x400200, SYNTH_BASE_ADDR, 0, "p", "arm", "-4@x0 8@[sp, 8]");
	struct usdt_file *f = synth_open(&sy);
	T_CHECK(f != NULL);
	if (!f)
		return;
	T_EQ_INT(f->machine, EM_AARCH64);
	T_EQ_INT(f->nsites, 1);
	T_EQ_INT(f->sites[0].nargs, 3); /* "[sp," and "8]" split on the blank: x86 grammar */
	T_EQ_INT(f->sites[0].nbadargs, 3);
	T_CHECK(strstr(f->sites[0].args[0].error, "x86-64 only"));
	usdt_file_free(f);
}

T_CASE(synth_type_notes)
{
	struct synth sy = {0};
	static const char t1[] = "db\0query__start\0char *\0struct conn *\0uint32_t";
	static const char t2[] = "db\0ping";
	static const char d1[] = "typedef int myint;";
	static const char d2[] = "struct conn { myint fd; };\n";
	static const char bad1[] = "db\0broken\0no terminator";
	static const char bad2[] = "text\0with inner NUL";
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, USDT_NOTE_ARGTYPES, t1, sizeof(t1));
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, USDT_NOTE_ARGTYPES, t2, sizeof(t2));
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, USDT_NOTE_DECLS, d1, sizeof(d1));
	note_add(&sy.typenotes, "someone", USDT_NOTE_ARGTYPES, t1, sizeof(t1)); /* not ours */
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, USDT_NOTE_DECLS, d2, sizeof(d2));
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, USDT_NOTE_ARGTYPES, bad1, sizeof(bad1) - 1);
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, USDT_NOTE_DECLS, bad2, sizeof(bad2));
	note_add(&sy.typenotes, USDT_TYPENOTE_OWNER, 99, d1, sizeof(d1)); /* future type: ignored */
	struct usdt_file *f = synth_open(&sy);
	T_CHECK(f != NULL);
	if (!f)
		return;
	T_EQ_INT(f->nsites, 0);
	T_EQ_INT(f->ntypes, 2);
	T_EQ_STR(f->types[0].provider, "db");
	T_EQ_STR(f->types[0].name, "query__start");
	T_EQ_INT(f->types[0].nargs, 3);
	T_EQ_STR(f->types[0].types[0], "char *");
	T_EQ_STR(f->types[0].types[1], "struct conn *");
	T_EQ_STR(f->types[0].types[2], "uint32_t");
	T_EQ_INT(f->types[1].nargs, 0);
	T_CHECK(f->types[1].types == NULL);
	T_EQ_STR(f->decls, "typedef int myint;\nstruct conn { myint fd; };\n");
	T_EQ_INT(f->nwarnings, 2);
	T_CHECK(has_warning(f, "argument-type note is not NUL-terminated"));
	T_CHECK(has_warning(f, "declarations are not one NUL-terminated text"));
	/* Lookup treats "-" and "__" alike, in either direction. */
	T_CHECK(usdt_file_find_types(f, "db", "query-start") == &f->types[0]);
	T_CHECK(usdt_file_find_types(f, "db", "query__start") == &f->types[0]);
	T_CHECK(usdt_file_find_types(f, "db", "ping") == &f->types[1]);
	T_CHECK(usdt_file_find_types(f, "db", "query_start") == NULL);
	T_CHECK(usdt_file_find_types(f, "other", "ping") == NULL);
	usdt_file_free(f);
}

T_MAIN()
