/* probe_elf.c — see probe_elf.h. Every offset is computed first (one pass over the sizes), then
 * the bytes are written into one zeroed buffer. The file offset of each allocated section equals
 * its address, so the notes' addresses are file offsets too, as readers expect of a shared
 * object linked at 0. */
#include "probe_elf.h"

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "usdtrace/probe.h"
#include "usdt_typenote.h"

#define PAGE 4096u
/* A probe's function: its first instruction is the probe, a 5-byte nop (x86_nops[5]), then a
 * return. At a function's entry nothing of the function lives below %rsp yet, so the call a
 * kernel that optimises uprobes (6.18+) writes over the nop is as harmless as the call that
 * entered it, and the probe costs a system call instead of a trap (docs/sdt-sites.md). The
 * function is FN_ALIGN-aligned, so the nop never crosses a page, which the kernel would refuse
 * to patch. */
static const unsigned char site_code[] = {
	0x0f, 0x1f, 0x44, 0x00, 0x00,                               /* nopl 0(%rax,%rax,1) */
	0xc3,                                                       /* ret */
};
#define FN_ALIGN 16u

enum { S_NULL, S_HASH, S_DYNSYM, S_DYNSTR, S_TEXT, S_BASE, S_DYNAMIC, S_PROBES, S_NOTE,
       S_TYPES, S_SHSTR, S_COUNT };
static const char *const section_names[S_COUNT] = {
	"", ".hash", ".dynsym", ".dynstr", ".text", ".stapsdt.base", ".dynamic", ".probes",
	".note.stapsdt", USDT_TYPENOTE_SECTION, ".shstrtab",
};

const char *probe_elf_type_name(int type)
{
	static const char *const names[] = {
		[USDTRACE_INT8] = "int8_t", [USDTRACE_UINT8] = "uint8_t",
		[USDTRACE_INT16] = "int16_t", [USDTRACE_UINT16] = "uint16_t",
		[USDTRACE_INT32] = "int32_t", [USDTRACE_UINT32] = "uint32_t",
		[USDTRACE_INT64] = "int64_t", [USDTRACE_UINT64] = "uint64_t",
		[USDTRACE_STRING] = "string", [USDTRACE_POINTER] = "void *",
	};
	if (type < USDTRACE_INT8 || type > USDTRACE_POINTER)
		return NULL;
	return names[type];
}

/* Size and sign of a type as the stapsdt argument string spells it: -4 is a signed 4-byte int. */
static int type_kind(int type)
{
	switch (type) {
	case USDTRACE_INT8: return -1;
	case USDTRACE_UINT8: return 1;
	case USDTRACE_INT16: return -2;
	case USDTRACE_UINT16: return 2;
	case USDTRACE_INT32: return -4;
	case USDTRACE_UINT32: return 4;
	case USDTRACE_INT64: return -8;
	default: return 8; /* uint64, string, pointer */
	}
}

/* Argument i at the function's first instruction: a register for the first six (its 32-bit
 * name for values of 4 bytes or less: some readers do not know %sil or %r8b), then the stack
 * above the return address. */
static int arg_spec(char *out, size_t len, int i, int type)
{
	static const char *const r64[] = { "rdi", "rsi", "rdx", "rcx", "r8", "r9" };
	static const char *const r32[] = { "edi", "esi", "edx", "ecx", "r8d", "r9d" };
	int kind = type_kind(type);
	int size = kind < 0 ? -kind : kind;
	if (i < 6)
		return snprintf(out, len, "%d@%%%s", kind, size == 8 ? r64[i] : r32[i]);
	return snprintf(out, len, "%d@%d(%%rsp)", kind, 8 * (i - 5));
}

/* A growable byte string for the string tables and notes. */
struct bytes {
	unsigned char *p;
	size_t len, cap;
	int oom;
};

static void bytes_add(struct bytes *b, const void *s, size_t n)
{
	if (b->oom)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 256;
		while (cap < b->len + n)
			cap *= 2;
		unsigned char *p = realloc(b->p, cap);
		if (!p) {
			b->oom = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static uint32_t bytes_str(struct bytes *b, const char *s)
{
	uint32_t off = (uint32_t)b->len;
	bytes_add(b, s, strlen(s) + 1);
	return off;
}

static void bytes_pad4(struct bytes *b)
{
	static const unsigned char zeros[4];
	bytes_add(b, zeros, (4 - b->len % 4) % 4);
}

static void note_begin(struct bytes *b, const char *owner, uint32_t descsz, uint32_t type)
{
	uint32_t hdr[3] = { (uint32_t)strlen(owner) + 1, descsz, type };
	bytes_add(b, hdr, sizeof(hdr));
	bytes_add(b, owner, strlen(owner) + 1);
	bytes_pad4(b);
}

static size_t align_up(size_t v, size_t a)
{
	return (v + a - 1) / a * a;
}

unsigned char *probe_elf_build(const char *provider, struct probe_elf_probe *probes, int n,
			       size_t *size)
{
	struct bytes dynstr = { 0 }, shstr = { 0 }, notes = { 0 }, types = { 0 };
	uint32_t *fn_name = calloc((size_t)n + 1, sizeof(*fn_name));
	uint32_t sh_name[S_COUNT];
	unsigned char *img = NULL;
	if (!fn_name)
		return NULL;
	bytes_str(&dynstr, "");
	for (int i = 0; i < n; i++)
		fn_name[i] = bytes_str(&dynstr, probes[i].name);
	for (int s = 0; s < S_COUNT; s++)
		sh_name[s] = bytes_str(&shstr, section_names[s]);

	/* Addresses (= file offsets) of the allocated sections. */
	size_t nsym = (size_t)n + 1;
	size_t o_hash = align_up(sizeof(Elf64_Ehdr) + 4 * sizeof(Elf64_Phdr), 8);
	size_t sz_hash = (2 + 1 + nsym) * 4;
	size_t o_dynsym = align_up(o_hash + sz_hash, 8);
	size_t o_dynstr = o_dynsym + nsym * sizeof(Elf64_Sym);
	size_t o_text = align_up(o_dynstr + dynstr.len, FN_ALIGN);
	size_t sz_text = (size_t)n * FN_ALIGN;
	size_t o_base = o_text + sz_text;
	size_t rx_end = o_base + 1;
	size_t o_dynamic = align_up(rx_end, PAGE);
	size_t ndyn = 6;
	size_t o_probes = o_dynamic + ndyn * sizeof(Elf64_Dyn);
	size_t rw_end = o_probes + (size_t)n * 2;

	for (int i = 0; i < n; i++) {
		probes[i].fn_vaddr = o_text + (size_t)i * FN_ALIGN;
		probes[i].sem_vaddr = o_probes + (size_t)i * 2;
	}
	/* The notes, now that the addresses are known. */
	for (int i = 0; i < n; i++) {
		const struct probe_elf_probe *p = &probes[i];
		char args[USDTRACE_PROBE_MAX_ARGS * 16 + 1] = "";
		size_t al = 0;
		for (int k = 0; k < p->nargs; k++) {
			if (k)
				args[al++] = ' ';
			al += (size_t)arg_spec(args + al, sizeof(args) - al, k, p->types[k]);
		}
		size_t descsz = 24 + strlen(provider) + 1 + strlen(p->name) + 1 + strlen(args) + 1;
		note_begin(&notes, "stapsdt", (uint32_t)descsz, 3);
		uint64_t addrs[3] = { p->fn_vaddr, o_base, p->sem_vaddr };
		bytes_add(&notes, addrs, sizeof(addrs));
		bytes_str(&notes, provider);
		bytes_str(&notes, p->name);
		bytes_str(&notes, args);
		bytes_pad4(&notes);

		size_t tdesc = strlen(provider) + 1 + strlen(p->name) + 1;
		for (int k = 0; k < p->nargs; k++)
			tdesc += strlen(probe_elf_type_name(p->types[k])) + 1;
		note_begin(&types, USDT_TYPENOTE_OWNER, (uint32_t)tdesc, USDT_NOTE_ARGTYPES);
		bytes_str(&types, provider);
		bytes_str(&types, p->name);
		for (int k = 0; k < p->nargs; k++)
			bytes_str(&types, probe_elf_type_name(p->types[k]));
		bytes_pad4(&types);
	}
	if (dynstr.oom || shstr.oom || notes.oom || types.oom)
		goto out;

	size_t o_note = align_up(rw_end, 4);
	size_t o_types = o_note + notes.len;
	size_t o_shstr = o_types + types.len;
	size_t o_shdr = align_up(o_shstr + shstr.len, 8);
	size_t total = o_shdr + S_COUNT * sizeof(Elf64_Shdr);
	img = calloc(1, total);
	if (!img)
		goto out;

	Elf64_Ehdr *eh = (Elf64_Ehdr *)img;
	memcpy(eh->e_ident, ELFMAG, SELFMAG);
	eh->e_ident[EI_CLASS] = ELFCLASS64;
	eh->e_ident[EI_DATA] = ELFDATA2LSB;
	eh->e_ident[EI_VERSION] = EV_CURRENT;
	eh->e_ident[EI_OSABI] = ELFOSABI_NONE;
	eh->e_type = ET_DYN;
	eh->e_machine = EM_X86_64;
	eh->e_version = EV_CURRENT;
	eh->e_phoff = sizeof(Elf64_Ehdr);
	eh->e_shoff = o_shdr;
	eh->e_ehsize = sizeof(Elf64_Ehdr);
	eh->e_phentsize = sizeof(Elf64_Phdr);
	eh->e_phnum = 4;
	eh->e_shentsize = sizeof(Elf64_Shdr);
	eh->e_shnum = S_COUNT;
	eh->e_shstrndx = S_SHSTR;

	Elf64_Phdr *ph = (Elf64_Phdr *)(img + sizeof(Elf64_Ehdr));
	ph[0] = (Elf64_Phdr){ .p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_offset = 0,
			      .p_vaddr = 0, .p_paddr = 0, .p_filesz = rx_end, .p_memsz = rx_end,
			      .p_align = PAGE };
	ph[1] = (Elf64_Phdr){ .p_type = PT_LOAD, .p_flags = PF_R | PF_W, .p_offset = o_dynamic,
			      .p_vaddr = o_dynamic, .p_paddr = o_dynamic,
			      .p_filesz = rw_end - o_dynamic, .p_memsz = rw_end - o_dynamic,
			      .p_align = PAGE };
	ph[2] = (Elf64_Phdr){ .p_type = PT_DYNAMIC, .p_flags = PF_R | PF_W,
			      .p_offset = o_dynamic, .p_vaddr = o_dynamic, .p_paddr = o_dynamic,
			      .p_filesz = ndyn * sizeof(Elf64_Dyn),
			      .p_memsz = ndyn * sizeof(Elf64_Dyn), .p_align = 8 };
	/* Without it the loader would take the object to need an executable stack. */
	ph[3] = (Elf64_Phdr){ .p_type = PT_GNU_STACK, .p_flags = PF_R | PF_W, .p_align = 16 };

	/* SysV hash with one bucket: every symbol on one chain, newest first. */
	uint32_t *hash = (uint32_t *)(img + o_hash);
	hash[0] = 1;
	hash[1] = (uint32_t)nsym;
	hash[2] = (uint32_t)nsym - 1;
	for (size_t i = 1; i < nsym; i++)
		hash[3 + i] = (uint32_t)i - 1;

	Elf64_Sym *sym = (Elf64_Sym *)(img + o_dynsym);
	for (int i = 0; i < n; i++)
		sym[i + 1] = (Elf64_Sym){ .st_name = fn_name[i],
					  .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC),
					  .st_other = STV_DEFAULT, .st_shndx = S_TEXT,
					  .st_value = probes[i].fn_vaddr, .st_size = sizeof(site_code) };
	memcpy(img + o_dynstr, dynstr.p, dynstr.len);
	for (int i = 0; i < n; i++)
		memcpy(img + probes[i].fn_vaddr, site_code, sizeof(site_code));

	Elf64_Dyn *dyn = (Elf64_Dyn *)(img + o_dynamic);
	dyn[0] = (Elf64_Dyn){ .d_tag = DT_HASH, .d_un.d_ptr = o_hash };
	dyn[1] = (Elf64_Dyn){ .d_tag = DT_STRTAB, .d_un.d_ptr = o_dynstr };
	dyn[2] = (Elf64_Dyn){ .d_tag = DT_SYMTAB, .d_un.d_ptr = o_dynsym };
	dyn[3] = (Elf64_Dyn){ .d_tag = DT_STRSZ, .d_un.d_val = dynstr.len };
	dyn[4] = (Elf64_Dyn){ .d_tag = DT_SYMENT, .d_un.d_val = sizeof(Elf64_Sym) };
	dyn[5] = (Elf64_Dyn){ .d_tag = DT_NULL };

	memcpy(img + o_note, notes.p, notes.len);
	memcpy(img + o_types, types.p, types.len);
	memcpy(img + o_shstr, shstr.p, shstr.len);

	Elf64_Shdr *sh = (Elf64_Shdr *)(img + o_shdr);
	struct { uint32_t type; uint64_t flags; size_t off, size, align, entsize; uint32_t link, info; }
	secs[S_COUNT] = {
		[S_HASH] = { SHT_HASH, SHF_ALLOC, o_hash, sz_hash, 8, 4, S_DYNSYM, 0 },
		[S_DYNSYM] = { SHT_DYNSYM, SHF_ALLOC, o_dynsym, nsym * sizeof(Elf64_Sym), 8,
			       sizeof(Elf64_Sym), S_DYNSTR, 1 },
		[S_DYNSTR] = { SHT_STRTAB, SHF_ALLOC, o_dynstr, dynstr.len, 1, 0, 0, 0 },
		[S_TEXT] = { SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, o_text, sz_text, FN_ALIGN, 0,
			     0, 0 },
		[S_BASE] = { SHT_PROGBITS, SHF_ALLOC, o_base, 1, 1, 0, 0, 0 },
		[S_DYNAMIC] = { SHT_DYNAMIC, SHF_ALLOC | SHF_WRITE, o_dynamic,
				ndyn * sizeof(Elf64_Dyn), 8, sizeof(Elf64_Dyn), S_DYNSTR, 0 },
		[S_PROBES] = { SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, o_probes, (size_t)n * 2, 2, 0,
			       0, 0 },
		[S_NOTE] = { SHT_NOTE, 0, o_note, notes.len, 4, 0, 0, 0 },
		[S_TYPES] = { SHT_NOTE, 0, o_types, types.len, 4, 0, 0, 0 },
		[S_SHSTR] = { SHT_STRTAB, 0, o_shstr, shstr.len, 1, 0, 0, 0 },
	};
	for (int s = 1; s < S_COUNT; s++)
		sh[s] = (Elf64_Shdr){ .sh_name = sh_name[s], .sh_type = secs[s].type,
				      .sh_flags = secs[s].flags,
				      .sh_addr = secs[s].flags & SHF_ALLOC ? secs[s].off : 0,
				      .sh_offset = secs[s].off, .sh_size = secs[s].size,
				      .sh_link = secs[s].link, .sh_info = secs[s].info,
				      .sh_addralign = secs[s].align, .sh_entsize = secs[s].entsize };
	*size = total;
out:
	free(fn_name);
	free(dynstr.p);
	free(shstr.p);
	free(notes.p);
	free(types.p);
	return img;
}
