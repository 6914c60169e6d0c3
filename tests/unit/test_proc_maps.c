/* test_proc_maps.c — /proc/PID/maps reading on real processes (this test itself, a child held
 * at its entry point by childproc), and the errors for processes that do not exist. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "childproc.h"
#include "entry_uprobe.h"
#include "proc_maps.h"
#include "t.h"

static const struct proc_object *find_module_prefix(const struct proc_maps *m, const char *pfx)
{
	for (int i = 0; i < m->nobjs; i++)
		if (strncmp(m->objs[i].module, pfx, strlen(pfx)) == 0)
			return &m->objs[i];
	return NULL;
}

T_CASE(self_has_exe_and_libc)
{
	struct proc_maps *m = NULL;
	char err[256];
	T_EQ_INT(proc_maps_read(getpid(), &m, err, sizeof(err)), 0);
	if (!m)
		return;
	T_EQ_INT(m->pid, getpid());
	struct stat exe;
	T_EQ_INT(stat("/proc/self/exe", &exe), 0);
	/* The executable is mapped first, and identified by its (device, inode). */
	T_CHECK(m->nobjs >= 2);
	T_CHECK(m->objs[0].dev == exe.st_dev && m->objs[0].ino == exe.st_ino);
	T_EQ_STR(m->objs[0].module, "test_proc_maps");
	const struct proc_object *libc = find_module_prefix(m, "libc.so");
	T_CHECK(libc != NULL);
	if (libc) {
		T_CHECK(libc->start < libc->end);
		T_CHECK(libc->path[0] == '/');
		struct stat st;
		T_EQ_INT(stat(libc->open_path, &st), 0);
		T_CHECK(st.st_ino == libc->ino);
		/* The address of a libc function lies inside libc's mapped range. */
		unsigned long fn = (unsigned long)(void *)&getpid;
		T_CHECK(fn >= libc->start && fn < libc->end);
	}
	/* No duplicates, no vdso/heap/stack, nothing that is not ELF. */
	for (int i = 0; i < m->nobjs; i++) {
		T_CHECK(m->objs[i].path[0] == '/');
		for (int j = i + 1; j < m->nobjs; j++)
			T_CHECK(!(m->objs[i].dev == m->objs[j].dev && m->objs[i].ino == m->objs[j].ino));
	}
	proc_maps_free(m);
}

T_CASE(nonexistent_pid_is_an_error)
{
	struct proc_maps *m = (struct proc_maps *)1;
	char err[256] = "";
	/* pid_max is at most 4194304: this pid cannot exist. */
	T_EQ_INT(proc_maps_read(0x7ffffff0, &m, err, sizeof(err)), -1);
	T_CHECK(m == NULL);
	T_EQ_STR(err, strerror(ESRCH));
	T_EQ_INT(proc_maps_read(0, &m, err, sizeof(err)), -1);
	T_EQ_INT(proc_maps_read(-5, &m, err, sizeof(err)), -1);
}

T_CASE(exited_child_is_an_error)
{
	pid_t pid = fork();
	if (pid == 0)
		_exit(0);
	int st;
	T_EQ_INT(waitpid(pid, &st, 0), pid);
	struct proc_maps *m = NULL;
	char err[256] = "";
	T_EQ_INT(proc_maps_read(pid, &m, err, sizeof(err)), -1);
	T_EQ_STR(err, strerror(ESRCH));
}

T_CASE(list_pids_has_self_sorted)
{
	pid_t *pids = NULL;
	int n = proc_list_pids(&pids);
	T_CHECK(n > 1);
	int self = 0;
	for (int i = 0; i < n; i++) {
		if (pids[i] == getpid())
			self = 1;
		if (i)
			T_CHECK(pids[i - 1] < pids[i]);
	}
	T_CHECK(self);
	free(pids);
}

T_CASE(child_stopped_at_entry_has_its_libraries)
{
	struct childproc c;
	char err[256] = "";
	int r = childproc_start("/bin/sleep 30", CHILDPROC_AT_ENTRY, &c, err, sizeof(err));
	T_EQ_INT(r, 0);
	if (r != 0) {
		printf("# %s\n", err);
		return;
	}
	T_CHECK(c.stopped);
	struct proc_maps *m = NULL;
	T_EQ_INT(proc_maps_read(c.pid, &m, err, sizeof(err)), 0);
	if (m) {
		T_EQ_STR(m->objs[0].module, "sleep");
		/* the loader has already mapped libc: we are past ld.so, before main */
		T_CHECK(find_module_prefix(m, "libc.so") != NULL);
		T_CHECK(find_module_prefix(m, "ld-linux") != NULL);
		proc_maps_free(m);
	}
	childproc_kill(&c);
	T_CHECK(c.exited);
	T_CHECK(WIFSIGNALED(c.status) && WTERMSIG(c.status) == SIGKILL);
	T_CHECK(kill(c.pid, 0) != 0);
}

/* evaltime=exec: held inside execve(), the new image and its loader mapped, no library yet;
 * resumed, the call returns and the command runs to its end. */
T_CASE(child_stopped_at_exec_has_no_libraries_yet)
{
	struct childproc c;
	char err[256] = "";
	int r = childproc_start("/bin/false", CHILDPROC_AT_EXEC, &c, err, sizeof(err));
	T_EQ_INT(r, 0);
	if (r != 0) {
		printf("# %s\n", err);
		return;
	}
	T_CHECK(c.stopped);
	struct proc_maps *m = NULL;
	T_EQ_INT(proc_maps_read(c.pid, &m, err, sizeof(err)), 0);
	if (m) {
		T_EQ_STR(m->objs[0].module, "false");
		T_CHECK(find_module_prefix(m, "ld-linux") != NULL);
		T_CHECK(find_module_prefix(m, "libc.so") == NULL);
		proc_maps_free(m);
	}
	T_EQ_INT(childproc_resume(&c), 0);
	int st = 0;
	T_EQ_INT(waitpid(c.pid, &st, 0), c.pid);
	T_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 1);
}

T_CASE(child_resumes_and_runs_to_completion)
{
	struct childproc c;
	char err[256] = "";
	T_EQ_INT(childproc_start("/bin/false ignored\targs", CHILDPROC_AT_ENTRY, &c, err,
				 sizeof(err)), 0);
	T_EQ_INT(childproc_resume(&c), 0);
	int st = 0;
	T_EQ_INT(waitpid(c.pid, &st, 0), c.pid);
	T_CHECK(WIFEXITED(st));
	T_EQ_INT(WEXITSTATUS(st), 1);
}

T_CASE(child_that_cannot_exec)
{
	struct childproc c;
	char err[256] = "";
	T_EQ_INT(childproc_start("nonexistent-usdtrace-cmd arg", CHILDPROC_AT_ENTRY, &c, err,
				 sizeof(err)), -1);
	T_EQ_STR(err, "nonexistent-usdtrace-cmd: No such file or directory");
	T_EQ_INT(childproc_start("/etc/passwd", CHILDPROC_AT_ENTRY, &c, err, sizeof(err)), -1);
	T_EQ_STR(err, "/etc/passwd: Permission denied");
	T_EQ_INT(childproc_start("   ", CHILDPROC_AT_ENTRY, &c, err, sizeof(err)), -1);
	/* nothing left behind: no child to wait for */
	errno = 0;
	T_EQ_INT(waitpid(-1, NULL, WNOHANG), -1);
	T_EQ_INT(errno, ECHILD);
}

T_MAIN()

/* The marks childproc.c puts at the entry point and at main(): which first instructions the
 * uprobe mark can undo once they have run, and what undoing them gives back to %rsp. */
T_CASE(entry_uprobe_rewind_forms)
{
	static const struct {
		uint8_t code[8];
		bool at_entry;
		int len;
		uint64_t delta;
	} cases[] = {
		{ { 0xf3, 0x0f, 0x1e, 0xfa }, true, 4, 0 },        /* endbr64 */
		{ { 0xf3, 0x0f, 0x1e, 0xfa }, false, 4, 0 },
		{ { 0x31, 0xed }, true, 2, 0 },                    /* xor %ebp,%ebp: %rbp 0 at exec */
		{ { 0x31, 0xed }, false, 0, 0 },                   /* ... but not in main() */
		{ { 0x55 }, false, 1, 8 },                         /* push %rbp */
		{ { 0x55 }, true, 0, 0 },
		{ { 0x41, 0x57 }, false, 2, 8 },                   /* push %r15 */
		{ { 0x48, 0x83, 0xec, 0x28 }, false, 4, 0x28 },    /* sub $0x28,%rsp */
		{ { 0x48, 0x81, 0xec, 0x00, 0x10, 0, 0 }, false, 7, 0x1000 }, /* sub $0x1000,%rsp */
		{ { 0xb8, 0x02, 0, 0, 0 }, false, 5, 0 },          /* mov $2,%eax */
		{ { 0x48, 0x89, 0xe5 }, false, 0, 0 },             /* mov %rsp,%rbp: not undoable */
		{ { 0x48, 0x89, 0xfb }, false, 0, 0 },             /* mov %rdi,%rbx */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t delta = 99;
		T_EQ_INT(entry_uprobe_rewind(cases[i].code, cases[i].at_entry, &delta), cases[i].len);
		if (cases[i].len)
			T_EQ_INT((long long)delta, (long long)cases[i].delta);
	}
}
