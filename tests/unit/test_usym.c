/* test_usym.c — the user symbolizer against this very process: its own functions (symbols
 * from the test binary's .symtab), libc's (from .dynsym), anonymous memory, garbage, a pid
 * that does not exist, and a process that exited after its capture. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "t.h"
#include "usym.h"

/* At least 32 bytes of code (the cases look up offsets below 0x20). */
__attribute__((noinline)) int usym_probe_target(int x)
{
	volatile int v[8];
	for (int i = 0; i < 8; i++)
		v[i] = x * i;
	return v[1] + v[3] + v[5] + v[7];
}

static uint64_t fn_addr(void)
{
	int (*volatile f)(int) = usym_probe_target;
	return (uint64_t)(uintptr_t)f;
}

static const char *str_of(void (*fn)(struct usym_db *, pid_t, uint64_t, struct strbuf *),
			  struct usym_db *db, pid_t pid, uint64_t a, struct strbuf *b)
{
	b->len = 0;
	strbuf_puts(b, "");
	fn(db, pid, a, b);
	return b->s;
}

T_CASE(own_function)
{
	struct usym_db *db = usym_db_new();
	struct usym_res r;
	uint64_t a = fn_addr();
	T_EQ_INT(usym_capture(db, getpid(), false), 0);
	T_CHECK(usym_lookup(db, getpid(), a + 3, &r));
	T_EQ_STR(r.module, "test_usym");
	T_EQ_STR(r.func, "usym_probe_target");
	T_EQ_UINT(r.func_addr, a);
	struct strbuf b = { 0 };
	T_EQ_STR(str_of(usym_addr_str, db, getpid(), a + 3, &b), "test_usym`usym_probe_target+0x3");
	T_EQ_STR(str_of(usym_addr_str, db, getpid(), a, &b), "test_usym`usym_probe_target");
	T_EQ_STR(str_of(usym_func_str, db, getpid(), a + 3, &b), "test_usym`usym_probe_target");
	T_EQ_STR(str_of(usym_mod_str, db, getpid(), a + 3, &b), "test_usym");
	strbuf_free(&b);
	usym_db_free(db);
}

T_CASE(libc_function)
{
	struct usym_db *db = usym_db_new();
	struct usym_res r;
	pid_t (*volatile f)(void) = getpid;
	uint64_t a = (uint64_t)(uintptr_t)f;
	T_CHECK(usym_lookup(db, getpid(), a + 1, &r));
	T_EQ_STR(r.module, "libc.so.6");
	T_CHECK(r.func != NULL);
	T_CHECK(r.func && strstr(r.func, "getpid") != NULL);
	T_EQ_UINT(r.func_addr, a);
	usym_db_free(db);
}

T_CASE(anonymous_and_garbage)
{
	struct usym_db *db = usym_db_new();
	struct usym_res r;
	void *m = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	T_CHECK(m != MAP_FAILED);
	T_CHECK(!usym_lookup(db, getpid(), (uint64_t)(uintptr_t)m + 8, &r));
	T_CHECK(r.module == NULL);
	struct strbuf b = { 0 };
	T_EQ_STR(str_of(usym_addr_str, db, getpid(), 0x10, &b), "0x10");
	T_EQ_STR(str_of(usym_func_str, db, getpid(), 0xdeadbeef0, &b), "0xdeadbeef0");
	T_EQ_STR(str_of(usym_mod_str, db, getpid(), 0x10, &b), "0x10");
	strbuf_free(&b);
	munmap(m, 4096);
	usym_db_free(db);
}

T_CASE(no_such_process)
{
	struct usym_db *db = usym_db_new();
	struct usym_res r;
	T_EQ_INT(usym_capture(db, 0x3fffffff, false), -1);
	T_CHECK(!usym_lookup(db, 0x3fffffff, fn_addr(), &r));
	struct strbuf b = { 0 };
	char want[64];
	snprintf(want, sizeof(want), "0x%llx", (unsigned long long)fn_addr());
	T_EQ_STR(str_of(usym_addr_str, db, 0x3fffffff, fn_addr(), &b), want);
	T_EQ_INT(usym_capture(db, -1, false), -1);
	strbuf_free(&b);
	usym_db_free(db);
}

/* A child forked from us has our layout; captured while alive, it symbolizes after it is
 * reaped, when /proc no longer has it. */
T_CASE(exited_process_keeps_capture)
{
	struct usym_db *db = usym_db_new();
	pid_t child = fork();
	if (child == 0) {
		pause();
		_exit(0);
	}
	T_CHECK(child > 0);
	T_EQ_INT(usym_capture(db, child, false), 0);
	kill(child, SIGKILL);
	waitpid(child, NULL, 0);
	struct strbuf b = { 0 };
	T_EQ_STR(str_of(usym_addr_str, db, child, fn_addr() + 5, &b),
		 "test_usym`usym_probe_target+0x5");
	/* a refresh of a process that is gone keeps the capture */
	T_EQ_INT(usym_capture(db, child, true), 0);
	T_EQ_STR(str_of(usym_func_str, db, child, fn_addr() + 5, &b),
		 "test_usym`usym_probe_target");
	strbuf_free(&b);
	usym_db_free(db);
}

/* A file mapped, captured, unmapped and captured again: what the process no longer maps is
 * kept (a library dlclose()d, the image before an exec); what replaces it wins. */
T_CASE(unmapped_file_kept)
{
	struct usym_db *db = usym_db_new();
	char path[] = "/tmp/test_usym_mapXXXXXX";
	int fd = mkstemp(path);
	T_CHECK(fd >= 0);
	T_CHECK(ftruncate(fd, 8192) == 0);
	unsigned char *p = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE, fd, 0);
	T_CHECK(p != MAP_FAILED);
	uint64_t a = (uint64_t)(uintptr_t)p + 100;
	T_EQ_INT(usym_capture(db, getpid(), false), 0);
	struct usym_res r;
	T_CHECK(usym_lookup(db, getpid(), a, &r));
	T_EQ_STR(r.module, strrchr(path, '/') + 1);
	munmap(p, 8192);
	T_EQ_INT(usym_capture(db, getpid(), true), 0);
	T_CHECK(usym_lookup(db, getpid(), a, &r));
	T_EQ_STR(r.module ? r.module : "", strrchr(path, '/') + 1);
	/* anonymous memory now where the file was: the file's mapping stays (nothing with a
	 * file replaces it), its own functions still resolve */
	T_CHECK(usym_lookup(db, getpid(), fn_addr() + 3, &r));
	T_EQ_STR(r.func, "usym_probe_target");
	close(fd);
	unlink(path);
	usym_db_free(db);
}

T_CASE(dfmt_binding)
{
	struct usym_db *db = usym_db_new();
	struct usym_bind bind = { db, getpid() };
	struct dfmt_ctx ctx = { .symbolize = usym_dfmt_symbolize, .sym_arg = &bind };
	struct strbuf b = { 0 };
	dfmt_addr2str(&ctx, fn_addr() + 0x10, &b);
	T_EQ_STR(b.s, "test_usym`usym_probe_target+0x10");
	b.len = 0;
	dfmt_addr2str(&ctx, 0x20, &b);
	T_EQ_STR(b.s, "0x20");
	strbuf_free(&b);
	usym_db_free(db);
}

T_MAIN()
