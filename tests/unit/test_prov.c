/* test_prov.c — the provider compiler's pieces in-process (so ASan/UBSan see them): the -G
 * object read back with libelf (sections, symbols, note bytes), the input-object checks, the
 * -h text, macro and semaphore names, and the cpp runner. */
#include "t.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include "dcpp.h"
#include "dparse.h"
#include "prov_header.h"
#include "prov_object.h"
#include "usdt_typenote.h"
#include "util.h"

static struct derr err;
static char tmpdir[] = "/tmp/test_prov.XXXXXX";

static struct dprog *parse(const char *s)
{
	struct dprog *g = NULL;
	if (dparse_source("t.d", s, strlen(s), &g, &err) != 0)
		printf("# parse failed: %s\n", err.msg);
	return g;
}

static char *tmppath(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

static const char src[] =
	"struct conn { int fd; };\n"
	"typedef struct conn conn_t;\n"
	"provider app { probe start(conn_t *c, string s); probe stop(); };\n"
	"provider db { probe q(const char *, uint32_t); };\n";

T_CASE(names)
{
	char *s = prov_macro_name("postgresql", "query__start");
	T_EQ_STR(s, "POSTGRESQL_QUERY_START");
	free(s);
	s = prov_macro_name("erlang", "gc_major__start");
	T_EQ_STR(s, "ERLANG_GC_MAJOR_START");
	free(s);
	s = prov_semaphore_name("postgresql", "query__start");
	T_EQ_STR(s, "postgresql_query__start_semaphore");
	free(s);
}

T_CASE(object_read_back)
{
	T_CHECK(mkdtemp(tmpdir) != NULL);
	struct dprog *g = parse(src);
	T_CHECK(g != NULL);
	if (!g)
		return;
	char *path = tmppath("p.o");
	int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0644);
	T_CHECK(fd >= 0);
	T_EQ_INT(prov_object_write(g, fd, EM_X86_64, "dir/t.d", &err), 0);
	close(fd);
	dprog_free(g);

	fd = open(path, O_RDONLY);
	elf_version(EV_CURRENT);
	Elf *e = elf_begin(fd, ELF_C_READ, NULL);
	T_CHECK(e != NULL);
	GElf_Ehdr eh;
	T_CHECK(gelf_getehdr(e, &eh) != NULL);
	T_EQ_INT(eh.e_type, ET_REL);
	T_EQ_INT(eh.e_machine, EM_X86_64);
	T_EQ_INT(eh.e_ident[EI_CLASS], ELFCLASS64);
	size_t shstrndx;
	T_EQ_INT(elf_getshdrstrndx(e, &shstrndx), 0);
	bool saw_probes = false, saw_stack = false, saw_note = false;
	int nsyms = 0, nglobal = 0;
	Elf_Scn *scn = NULL;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		gelf_getshdr(scn, &sh);
		const char *name = elf_strptr(e, shstrndx, sh.sh_name);
		Elf_Data *d = elf_getdata(scn, NULL);
		if (strcmp(name, ".probes") == 0) {
			saw_probes = true;
			T_EQ_INT(sh.sh_type, SHT_PROGBITS);
			T_EQ_UINT(sh.sh_flags, SHF_ALLOC | SHF_WRITE);
			T_EQ_INT(sh.sh_size, 6);  /* three 2-byte semaphores */
			for (size_t i = 0; i < d->d_size; i++)
				T_EQ_INT(((unsigned char *)d->d_buf)[i], 0);
		} else if (strcmp(name, ".note.GNU-stack") == 0) {
			saw_stack = true;
			T_EQ_INT(sh.sh_size, 0);
			T_EQ_UINT(sh.sh_flags, 0);
		} else if (strcmp(name, USDT_TYPENOTE_SECTION) == 0) {
			saw_note = true;
			T_EQ_INT(sh.sh_type, SHT_NOTE);
			T_EQ_UINT(sh.sh_flags, 0);
			/* Walk the notes by hand: 3 ARGTYPES then 1 DECLS. */
			const unsigned char *p = d->d_buf, *end = p + d->d_size;
			int n = 0;
			while (p + 12 <= end) {
				uint32_t namesz, descsz, type;
				memcpy(&namesz, p, 4);
				memcpy(&descsz, p + 4, 4);
				memcpy(&type, p + 8, 4);
				const char *owner = (const char *)p + 12;
				const char *desc = owner + ((namesz + 3) & ~3u);
				T_EQ_INT(namesz, 9);
				T_EQ_STR(owner, "usdtrace");
				if (n == 0) {
					static const char want[] = "app\0start\0conn_t *\0char *";
					T_EQ_INT(type, USDT_NOTE_ARGTYPES);
					T_EQ_INT(descsz, sizeof(want));
					T_CHECK(memcmp(desc, want, sizeof(want)) == 0);
				} else if (n == 1) {
					T_EQ_INT(descsz, sizeof("app\0stop"));
					T_CHECK(memcmp(desc, "app\0stop", descsz) == 0);
				} else if (n == 2) {
					static const char want[] = "db\0q\0const char *\0uint32_t";
					T_EQ_INT(descsz, sizeof(want));
					T_CHECK(memcmp(desc, want, sizeof(want)) == 0);
				} else if (n == 3) {
					T_EQ_INT(type, USDT_NOTE_DECLS);
					T_EQ_STR(desc, "struct conn {\n\tint fd;\n};\ntypedef struct conn conn_t;\n");
					T_EQ_INT(descsz, strlen(desc) + 1);
				}
				n++;
				p = (const unsigned char *)desc + ((descsz + 3) & ~3u);
			}
			T_EQ_INT(n, 4);
			T_CHECK(p == end);
		} else if (sh.sh_type == SHT_SYMTAB) {
			nsyms = (int)(sh.sh_size / sh.sh_entsize);
			for (int i = 0; i < nsyms; i++) {
				GElf_Sym sym;
				gelf_getsym(d, i, &sym);
				const char *sn = elf_strptr(e, sh.sh_link, sym.st_name);
				if (GELF_ST_BIND(sym.st_info) == STB_GLOBAL) {
					T_CHECK(i >= (int)sh.sh_info);  /* locals first */
					T_EQ_INT(GELF_ST_TYPE(sym.st_info), STT_OBJECT);
					T_EQ_INT(GELF_ST_VISIBILITY(sym.st_other), STV_HIDDEN);
					T_EQ_INT(sym.st_size, 2);
					T_EQ_INT(sym.st_value, 2 * nglobal);
					const char *want[] = { "app_start_semaphore", "app_stop_semaphore", "db_q_semaphore" };
					T_EQ_STR(sn, want[nglobal]);
					nglobal++;
				} else if (GELF_ST_TYPE(sym.st_info) == STT_FILE) {
					T_EQ_STR(sn, "t.d");
				}
			}
		}
	}
	T_CHECK(saw_probes && saw_stack && saw_note);
	T_EQ_INT(nglobal, 3);
	elf_end(e);
	close(fd);

	/* The same file is an acceptable -G input (ET_REL, x86-64). */
	uint16_t m = 0;
	T_EQ_INT(prov_object_check_input(path, &m, &err), 0);
	T_EQ_INT(m, EM_X86_64);
	free(path);
}

T_CASE(input_checks)
{
	uint16_t m;
	char *path = tmppath("text.o");
	FILE *f = fopen(path, "w");
	fputs("hello\n", f);
	fclose(f);
	T_EQ_INT(prov_object_check_input(path, &m, &err), -1);
	char *want = xasprintf("%s is not an ELF file", path);
	T_EQ_STR(err.msg, want);
	free(want);
	unlink(path);
	free(path);
	T_EQ_INT(prov_object_check_input("/proc/self/exe", &m, &err), -1);
	T_CHECK(strstr(err.msg, "is not an ELF relocatable object") != NULL);
	T_EQ_INT(prov_object_check_input("/nonexistent/x.o", &m, &err), -1);
	T_EQ_STR(err.msg, "failed to open /nonexistent/x.o: No such file or directory");
}

T_CASE(header_text)
{
	struct dprog *g = parse(src);
	T_CHECK(g != NULL);
	if (!g)
		return;
	char *h = prov_header_text(g, "out/my-probes.h", "src/t.d", &err);
	dprog_free(g);
	if (prov_sdt_text[0] == '\0') {
		T_CHECK(h == NULL);
		T_CHECK(strstr(err.msg, "without include/usdtrace/sdt.h") != NULL);
		return;
	}
	T_CHECK(h != NULL);
	if (!h)
		return;
	T_CHECK(strstr(h, "#ifndef USDTRACE_MY_PROBES_H\n#define USDTRACE_MY_PROBES_H\n") != NULL);
	T_CHECK(strstr(h, prov_sdt_text) != NULL);  /* sdt.h embedded verbatim */
	T_CHECK(strstr(h, "USDT_DECLARE_SEMAPHORE(app, start);\n") != NULL);
	T_CHECK(strstr(h, "#define APP_START(arg0, arg1) \\\n\tUSDT_WITH_SEMAPHORE(app, start, (conn_t *)(arg0), (char *)(arg1))\n") != NULL);
	T_CHECK(strstr(h, "#define APP_STOP() \\\n\tUSDT_WITH_SEMAPHORE(app, stop)\n") != NULL);
	T_CHECK(strstr(h, "#define DB_Q_ENABLED() USDT_ENABLED(db, q)\n") != NULL);
	T_CHECK(strstr(h, "#define DB_Q(arg0, arg1) \\\n\tUSDT_WITH_SEMAPHORE(db, q, (const char *)(arg0), (uint32_t)(arg1))\n") != NULL);
	T_CHECK(strstr(h, "extern \"C\" {") != NULL);
	/* the provider file's own types are not defined by the header */
	T_CHECK(strstr(h, "struct conn {") == NULL);
	free(h);
}

T_CASE(cpp_runner)
{
	char *path = tmppath("c.d");
	FILE *f = fopen(path, "w");
	fputs("#define N 7\n#if defined(__usdtrace) && defined(__x86_64__)\nint a[N];\n#endif\n", f);
	fclose(f);
	const char *args[] = { "-DEXTRA=1" };
	size_t n;
	char *out = dcpp_run(path, NULL, args, 1, 0, &n, &err);
	T_CHECK(out != NULL);
	if (out) {
		T_CHECK(strstr(out, "int a[7];") != NULL);
		char *marker = xasprintf("# 1 \"%s\"", path);
		T_CHECK(strstr(out, marker) != NULL);
		free(marker);
		T_EQ_INT(n, strlen(out));
		free(out);
	}
	f = fopen(path, "w");
	fputs("#error nope\n", f);
	fclose(f);
	fflush(stderr);
	int saved = dup(2), devnull = open("/dev/null", O_WRONLY);
	dup2(devnull, 2);  /* cpp's own message is not ours to show here */
	out = dcpp_run(path, NULL, NULL, 0, 0, &n, &err);
	dup2(saved, 2);
	close(saved);
	close(devnull);
	T_CHECK(out == NULL);
	T_EQ_STR(err.msg, "Preprocessor failed to process input program");
	T_EQ_INT(err.kind, DERR_SOURCE);  /* the script's failure, not cpp's */
	/* an executable script's "#!" line is blanked, keeping line numbers */
	f = fopen(path, "w");
	fputs("#!/usr/sbin/dtrace -Cs\nint b;\n", f);
	fclose(f);
	out = dcpp_run(path, NULL, NULL, 0, 0, &n, &err);
	T_CHECK(out != NULL && strstr(out, "int b;") != NULL && strstr(out, "#!") == NULL);
	free(out);
	unlink(path);
	free(path);
	out = dcpp_run("/nonexistent/x.d", NULL, NULL, 0, 0, &n, &err);
	T_CHECK(out == NULL);
	T_EQ_STR(err.msg, "failed to open /nonexistent/x.d: No such file or directory");
	T_EQ_INT(err.kind, DERR_ALONE);
	char *p = tmppath("p.o");
	unlink(p);
	free(p);
	rmdir(tmpdir);
}

T_MAIN()
