/* elf_symtab.c — symbol table loading, address-to-function and name-to-symbol lookup. */
#include <stdlib.h>
#include <string.h>

#include "elf_symtab.h"
#include "util.h"

static int bind_rank(uint8_t bind)
{
	return bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2;
}

static int cmp_func_addr(const void *a, const void *b)
{
	const struct elf_sym *x = *(const struct elf_sym *const *)a;
	const struct elf_sym *y = *(const struct elf_sym *const *)b;
	if (x->value != y->value)
		return x->value < y->value ? -1 : 1;
	if (bind_rank(x->bind) != bind_rank(y->bind))
		return bind_rank(x->bind) - bind_rank(y->bind);
	return x->index < y->index ? -1 : x->index > y->index;
}

static int cmp_name(const void *a, const void *b)
{
	const struct elf_sym *x = *(const struct elf_sym *const *)a;
	const struct elf_sym *y = *(const struct elf_sym *const *)b;
	int c = strcmp(x->name, y->name);
	if (c)
		return c;
	return x->index < y->index ? -1 : x->index > y->index;
}

int elf_symtab_load(Elf *elf, Elf_Scn *scn, struct elf_symtab *t, char *errbuf, size_t errlen)
{
	GElf_Shdr sh;
	Elf_Data *data;
	size_t n, cap = 0;
	uint32_t file = 0;


	memset(t, 0, sizeof(*t));
	if (!gelf_getshdr(scn, &sh))
		return util_seterr(errbuf, errlen, "cannot read symbol table header: %s", elf_errmsg(-1));
	if (sh.sh_entsize != sizeof(Elf64_Sym))
		return util_seterr(errbuf, errlen, "symbol table entry size %llu is not %zu",
				   (unsigned long long)sh.sh_entsize, sizeof(Elf64_Sym));
	data = elf_getdata(scn, NULL);
	if (!data)
		return util_seterr(errbuf, errlen, "cannot read symbol table: %s", elf_errmsg(-1));
	n = data->d_size / sizeof(Elf64_Sym);
	for (size_t i = 1; i < n; i++) {
		GElf_Sym s;
		const char *name;
		if (!gelf_getsym(data, (int)i, &s))
			break;
		if (GELF_ST_TYPE(s.st_info) == STT_FILE) {
			file = (uint32_t)i;
			continue;
		}
		if (GELF_ST_BIND(s.st_info) != STB_LOCAL)
			file = 0; /* globals follow all locals: they belong to no file */
		if (s.st_shndx == SHN_UNDEF || GELF_ST_TYPE(s.st_info) == STT_SECTION)
			continue;
		name = elf_strptr(elf, sh.sh_link, s.st_name);
		if (!name || !*name)
			continue;
		xgrow(&t->syms, sizeof(*t->syms), &cap, t->nsyms + 1);
		t->syms[t->nsyms++] = (struct elf_sym){
			.name = name, .value = s.st_value, .size = s.st_size,
			.type = (uint8_t)GELF_ST_TYPE(s.st_info), .bind = (uint8_t)GELF_ST_BIND(s.st_info),
			.shndx = s.st_shndx, .index = (uint32_t)i,
			.file = GELF_ST_BIND(s.st_info) == STB_LOCAL ? file : 0,
		};
	}
	elf_symtab_index(t);
	return 0;
}

void elf_symtab_index(struct elf_symtab *t)
{
	size_t fcap = 0;
	free(t->funcs);
	free(t->by_name);
	t->funcs = NULL;
	t->by_name = NULL;
	t->nfuncs = 0;
	for (size_t i = 0; i < t->nsyms; i++) {
		if (t->syms[i].type != STT_FUNC && t->syms[i].type != STT_GNU_IFUNC)
			continue;
		xgrow(&t->funcs, sizeof(*t->funcs), &fcap, t->nfuncs + 1);
		t->funcs[t->nfuncs++] = &t->syms[i];
	}
	if (t->nfuncs)
		qsort(t->funcs, t->nfuncs, sizeof(*t->funcs), cmp_func_addr);
	elf_symtab_index_files(t);
}

void elf_symtab_index_files(struct elf_symtab *t)
{
	/* the neighbouring translation units of every position, once: asking per site would
	 * scan the whole table wherever there are no file symbols (libjvm.so: 531 sites) */
	free(t->file_before);
	free(t->file_after);
	t->file_before = xcalloc(t->nfuncs + 1, sizeof(*t->file_before));
	t->file_after = xcalloc(t->nfuncs + 1, sizeof(*t->file_after));
	for (size_t i = 0; i < t->nfuncs; i++) {
		const struct elf_sym *f = t->funcs[i];
		t->file_before[i + 1] = f->bind == STB_LOCAL && f->file ? f->file : t->file_before[i];
	}
	for (size_t i = t->nfuncs; i-- > 0;) {
		const struct elf_sym *f = t->funcs[i];
		t->file_after[i] = f->bind == STB_LOCAL && f->file ? f->file : t->file_after[i + 1];
	}
}

void elf_symtab_free(struct elf_symtab *t)
{
	free(t->syms);
	free(t->funcs);
	free(t->by_name);
	free(t->file_before);
	free(t->file_after);
	memset(t, 0, sizeof(*t));
}

/* How far back to look for a sized function that contains addr when the nearest preceding
 * function does not: nested or overlapping function symbols are rare and shallow. */
#define FUNC_LOOKBACK 64

/* The number of functions (sorted by address) that start at or below addr. */
static size_t funcs_at_or_below(const struct elf_symtab *t, uint64_t addr)
{
	size_t lo = 0, hi = t->nfuncs;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->funcs[mid]->value <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct elf_sym *elf_symtab_func_at(const struct elf_symtab *t, uint64_t addr)
{
	const struct elf_sym *unsized = NULL;
	size_t hi = funcs_at_or_below(t, addr);
	if (hi == 0)
		return NULL;
	uint64_t nearest = t->funcs[hi - 1]->value;
	size_t first = hi - 1;
	while (first > 0 && t->funcs[first - 1]->value == nearest)
		first--;
	/* Aliases at the nearest start are sorted best first. */
	for (size_t i = first; i < hi; i++) {
		const struct elf_sym *s = t->funcs[i];
		if (s->size && addr - s->value < s->size)
			return s;
		if (!s->size && !unsized)
			unsized = s;
	}
	for (size_t i = first, k = 0; i > 0 && k < FUNC_LOOKBACK; i--, k++) {
		const struct elf_sym *s = t->funcs[i - 1];
		if (s->size && addr - s->value < s->size) {
			/* Return the best alias of that start that also contains addr. */
			size_t j = i - 1;
			while (j > 0 && t->funcs[j - 1]->value == s->value)
				j--;
			for (; t->funcs[j] != s; j++)
				if (t->funcs[j]->size && addr - t->funcs[j]->value < t->funcs[j]->size)
					return t->funcs[j];
			return s;
		}
	}
	return unsized;
}

uint32_t elf_symtab_file_around(const struct elf_symtab *t, uint64_t addr, bool *guessed)
{
	if (!t->file_before) {
		*guessed = false;
		return 0;
	}
	size_t lo = funcs_at_or_below(t, addr);
	uint32_t before = t->file_before[lo], after = t->file_after[lo];
	*guessed = before != after;
	return before ? before : after;
}

const struct elf_sym *elf_symtab_find(struct elf_symtab *t, const char *name, uint32_t prefer_file,
				      bool *ambiguous)
{
	size_t lo = 0, hi = t->nsyms, first, end;
	const struct elf_sym *global = NULL, *in_file = NULL;
	int nglobal = 0, nfile = 0;

	*ambiguous = false;
	if (!t->by_name && t->nsyms) {
		t->by_name = xmalloc(t->nsyms * sizeof(*t->by_name));
		for (size_t i = 0; i < t->nsyms; i++)
			t->by_name[i] = &t->syms[i];
		qsort(t->by_name, t->nsyms, sizeof(*t->by_name), cmp_name);
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(t->by_name[mid]->name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	for (end = first; end < t->nsyms && strcmp(t->by_name[end]->name, name) == 0; end++) {
		const struct elf_sym *s = t->by_name[end];
		if (s->bind != STB_LOCAL) {
			if (!global)
				global = s;
			nglobal++;
		} else if (prefer_file && s->file == prefer_file) {
			if (!in_file)
				in_file = s;
			nfile++;
		}
	}
	if (end == first)
		return NULL;
	if (end - first == 1)
		return t->by_name[first];
	if (nfile == 1)
		return in_file;
	if (nfile == 0 && nglobal == 1)
		return global;
	*ambiguous = true;
	return NULL;
}
