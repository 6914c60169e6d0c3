/* test_elf_symtab.c — function and symbol lookup over hand-made tables (struct elf_symtab is
 * plain data, so the cases can state exactly the awkward layouts they are about). Loading from
 * real ELF files is covered through usdt_note by tests/sh/notes_symbols.sh. */
#include "elf_symtab.h"
#include "t.h"

/* Build a table from syms (in table order); funcs sorted as elf_symtab_load would. */
static struct elf_symtab table(struct elf_sym *syms, size_t n)
{
	struct elf_symtab t = {0};
	t.syms = syms;
	t.nsyms = n;
	t.funcs = calloc(n, sizeof(*t.funcs));
	for (size_t i = 0; i < n; i++)
		if (syms[i].type == STT_FUNC || syms[i].type == STT_GNU_IFUNC)
			t.funcs[t.nfuncs++] = &syms[i];
	/* insertion sort by (value, bind rank, index) */
	for (size_t i = 1; i < t.nfuncs; i++)
		for (size_t j = i; j > 0; j--) {
			struct elf_sym *a = t.funcs[j - 1], *b = t.funcs[j];
			int ra = a->bind == STB_GLOBAL ? 0 : a->bind == STB_WEAK ? 1 : 2;
			int rb = b->bind == STB_GLOBAL ? 0 : b->bind == STB_WEAK ? 1 : 2;
			if (a->value < b->value || (a->value == b->value && (ra < rb ||
			    (ra == rb && a->index < b->index))))
				break;
			t.funcs[j - 1] = b;
			t.funcs[j] = a;
		}
	elf_symtab_index_files(&t);
	return t;
}

static void drop(struct elf_symtab *t)
{
	free(t->funcs);
	free(t->by_name);
	free(t->file_before);
	free(t->file_after);
}

#define FN(nm, v, sz, bind, idx, file) {nm, v, sz, STT_FUNC, bind, 1, idx, file}
#define OBJ(nm, v, bind, idx, file) {nm, v, 8, STT_OBJECT, bind, 2, idx, file}

T_CASE(func_at_basic)
{
	struct elf_sym s[] = {
		FN("a", 0x1000, 0x10, STB_GLOBAL, 1, 0),
		FN("b", 0x1010, 0x20, STB_GLOBAL, 2, 0),
		FN("c", 0x1040, 0x10, STB_GLOBAL, 3, 0),
	};
	struct elf_symtab t = table(s, 3);
	T_CHECK(elf_symtab_func_at(&t, 0xfff) == NULL);
	T_EQ_STR(elf_symtab_func_at(&t, 0x1000)->name, "a");
	T_EQ_STR(elf_symtab_func_at(&t, 0x100f)->name, "a");
	T_EQ_STR(elf_symtab_func_at(&t, 0x1010)->name, "b");
	T_EQ_STR(elf_symtab_func_at(&t, 0x102f)->name, "b");
	T_CHECK(elf_symtab_func_at(&t, 0x1030) == NULL); /* gap between b and c */
	T_EQ_STR(elf_symtab_func_at(&t, 0x1045)->name, "c");
	T_CHECK(elf_symtab_func_at(&t, 0x1050) == NULL);
	drop(&t);
}

T_CASE(func_at_aliases)
{
	/* Same address: global beats weak beats local, whatever the table order. */
	struct elf_sym s[] = {
		FN("local_alias", 0x2000, 0x40, STB_LOCAL, 1, 1),
		FN("weak_alias", 0x2000, 0x40, STB_WEAK, 2, 0),
		FN("the_global", 0x2000, 0x40, STB_GLOBAL, 3, 0),
		FN("second_global", 0x2000, 0x40, STB_GLOBAL, 4, 0),
	};
	struct elf_symtab t = table(s, 4);
	T_EQ_STR(elf_symtab_func_at(&t, 0x2010)->name, "the_global");
	drop(&t);
	struct elf_sym s2[] = {
		FN("local_alias", 0x2000, 0x40, STB_LOCAL, 1, 1),
		FN("weak_alias", 0x2000, 0x40, STB_WEAK, 2, 0),
	};
	t = table(s2, 2);
	T_EQ_STR(elf_symtab_func_at(&t, 0x2010)->name, "weak_alias");
	drop(&t);
}

T_CASE(func_at_unsized_and_nested)
{
	struct elf_sym s[] = {
		FN("asm_entry", 0x3000, 0, STB_GLOBAL, 1, 0),  /* hand-written, no .size */
		FN("outer", 0x4000, 0x100, STB_GLOBAL, 2, 0),
		FN("inner_label", 0x4010, 0x8, STB_LOCAL, 3, 1), /* a sized symbol inside outer */
	};
	struct elf_symtab t = table(s, 3);
	T_EQ_STR(elf_symtab_func_at(&t, 0x3004)->name, "asm_entry");
	T_EQ_STR(elf_symtab_func_at(&t, 0x4012)->name, "inner_label");
	T_EQ_STR(elf_symtab_func_at(&t, 0x4020)->name, "outer"); /* past inner: back to outer */
	T_CHECK(elf_symtab_func_at(&t, 0x4100) == NULL);
	drop(&t);
}

T_CASE(find_unique_and_missing)
{
	struct elf_sym s[] = {
		OBJ("counter", 0x5000, STB_LOCAL, 1, 1),
		OBJ("g", 0x5008, STB_GLOBAL, 2, 0),
		OBJ("buf.0", 0x5010, STB_LOCAL, 3, 1),
	};
	struct elf_symtab t = table(s, 3);
	bool amb = true;
	T_EQ_UINT(elf_symtab_find(&t, "counter", 0, &amb)->value, 0x5000);
	T_CHECK(!amb);
	T_EQ_UINT(elf_symtab_find(&t, "buf.0", 0, &amb)->value, 0x5010);
	T_CHECK(elf_symtab_find(&t, "nope", 0, &amb) == NULL);
	T_CHECK(!amb);
	T_CHECK(elf_symtab_find(&t, "", 0, &amb) == NULL);
	drop(&t);
}

T_CASE(find_duplicates)
{
	struct elf_sym s[] = {
		OBJ("counter", 0x6000, STB_LOCAL, 2, 1),
		OBJ("counter", 0x6008, STB_LOCAL, 5, 4),
		OBJ("x", 0x6010, STB_LOCAL, 3, 1),
		OBJ("x", 0x6018, STB_GLOBAL, 9, 0),
	};
	struct elf_symtab t = table(s, 4);
	bool amb = false;
	T_CHECK(elf_symtab_find(&t, "counter", 0, &amb) == NULL);
	T_CHECK(amb);
	T_EQ_UINT(elf_symtab_find(&t, "counter", 4, &amb)->value, 0x6008);
	T_CHECK(!amb);
	T_EQ_UINT(elf_symtab_find(&t, "counter", 1, &amb)->value, 0x6000);
	T_CHECK(elf_symtab_find(&t, "counter", 7, &amb) == NULL); /* a file with neither */
	T_CHECK(amb);
	/* A local shadows the global of the same name in its own file; elsewhere the global. */
	T_EQ_UINT(elf_symtab_find(&t, "x", 1, &amb)->value, 0x6010);
	T_EQ_UINT(elf_symtab_find(&t, "x", 4, &amb)->value, 0x6018);
	T_EQ_UINT(elf_symtab_find(&t, "x", 0, &amb)->value, 0x6018);
	drop(&t);
}

T_CASE(file_around)
{
	struct elf_sym s[] = {
		FN("helper_a", 0x7000, 0x10, STB_LOCAL, 2, 1),
		FN("f_a", 0x7010, 0x10, STB_GLOBAL, 20, 0),
		FN("helper_a2", 0x7020, 0x10, STB_LOCAL, 3, 1),
		FN("helper_b", 0x7030, 0x10, STB_LOCAL, 5, 4),
		FN("f_b", 0x7040, 0x10, STB_GLOBAL, 21, 0),
	};
	struct elf_symtab t = table(s, 5);
	bool guessed = true;
	T_EQ_INT(elf_symtab_file_around(&t, 0x7015, &guessed), 1);
	T_CHECK(!guessed);
	T_EQ_INT(elf_symtab_file_around(&t, 0x7045, &guessed), 4); /* nothing after: a guess */
	T_CHECK(guessed);
	T_EQ_INT(elf_symtab_file_around(&t, 0x6000, &guessed), 1); /* nothing before */
	T_CHECK(guessed);
	drop(&t);
	struct elf_symtab empty = {0};
	T_EQ_INT(elf_symtab_file_around(&empty, 0x7000, &guessed), 0);
	T_CHECK(elf_symtab_func_at(&empty, 0x7000) == NULL);
	bool amb;
	T_CHECK(elf_symtab_find(&empty, "x", 0, &amb) == NULL);
}

T_MAIN()
