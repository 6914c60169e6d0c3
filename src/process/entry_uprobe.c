/* entry_uprobe.c — see entry_uprobe.h. */
#include "entry_uprobe.h"

#include <bpf/bpf.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "attach.h"
#include "bpf_insn.h"
#include "proc_maps.h"
#include "sigblock.h"
#include "util.h"

int entry_uprobe_rewind(const uint8_t *code, bool at_entry, uint64_t *rsp_delta)
{
	static const uint8_t endbr64[4] = { 0xf3, 0x0f, 0x1e, 0xfa };
	*rsp_delta = 0;
	if (memcmp(code, endbr64, 4) == 0)
		return 4;
	if (at_entry && code[0] == 0x31 && code[1] == 0xed)   /* xor %ebp,%ebp */
		return 2;
	if (at_entry)
		return 0;
	/* %eax is no argument and not preserved across a call: dead at a function's start, so
	 * setting it again from a constant changes nothing (gcc -O1's main: mov $2,%eax) */
	if (code[0] == 0xb8)                                      /* mov $imm32,%eax */
		return 5;
	if (code[0] == 0x31 && code[1] == 0xc0)                   /* xor %eax,%eax */
		return 2;
	*rsp_delta = 8;
	if (code[0] >= 0x50 && code[0] <= 0x57)                  /* push %rax..%rdi */
		return 1;
	if (code[0] == 0x41 && code[1] >= 0x50 && code[1] <= 0x57) /* push %r8..%r15 */
		return 2;
	if (code[0] == 0x48 && code[1] == 0x83 && code[2] == 0xec && (int8_t)code[3] > 0) {
		*rsp_delta = (uint64_t)(int8_t)code[3];            /* sub $imm8,%rsp */
		return 4;
	}
	int32_t imm;
	memcpy(&imm, code + 3, 4);
	if (code[0] == 0x48 && code[1] == 0x81 && code[2] == 0xec && imm > 0) {
		*rsp_delta = (uint64_t)imm;                         /* sub $imm32,%rsp */
		return 7;
	}
	*rsp_delta = 0;
	return 0;
}

/* Whether SIGURG is blocked in pid (the mask survives exec): then it would never stop. */
static bool signal_blocked(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	char *s = util_read_file(path, NULL);
	if (!s)
		return true;
	const char *b = strstr(s, "\nSigBlk:");
	unsigned long long mask = b ? strtoull(b + 8, NULL, 16) : ~0ULL;
	free(s);
	return (mask >> (ENTRY_UPROBE_SIGNAL - 1)) & 1;
}

/* The map_files link of the mapping holding addr, and addr's file offset in it. */
static int mapping_of(pid_t pid, uint64_t addr, char *path, size_t len, uint64_t *off)
{
	char mp[64];
	snprintf(mp, sizeof(mp), "/proc/%d/maps", (int)pid);
	char *text = util_read_file(mp, NULL);
	if (!text)
		return -1;
	int rc = -1;
	for (char *line = text, *nl; line && *line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		struct proc_maps_line ml;
		if (proc_maps_line_parse(line, &ml) != 0 || addr < ml.start || addr >= ml.end)
			continue;
		snprintf(path, len, "/proc/%d/map_files/%llx-%llx", (int)pid,
			 (unsigned long long)ml.start, (unsigned long long)ml.end);
		*off = addr - ml.start + ml.off;
		rc = 0;
		break;
	}
	free(text);
	return rc;
}

int entry_uprobe_arm(pid_t pid, uint64_t entry)
{
	char path[96];
	uint64_t off;
	if (signal_blocked(pid) || mapping_of(pid, entry, path, sizeof(path), &off) != 0)
		return -1;
	struct bpf_insn prog[] = {
		bi_mov64_imm(1, ENTRY_UPROBE_SIGNAL),
		bi_call(BPF_FUNC_send_signal_thread),
		bi_mov64_imm(0, 0),
		bi_exit(),
	};
	int prog_fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "entry_stop", "GPL", prog,
				    sizeof(prog) / sizeof(prog[0]), NULL);
	if (prog_fd < 0)
		return -1;
	/* the file as the process maps it (map_files: the very inode, wherever it lives) */
	int file = open(path, O_RDONLY | O_CLOEXEC);
	if (file < 0) {
		close(prog_fd);
		return -1;
	}
	char fpath[40];
	snprintf(fpath, sizeof(fpath), "/proc/self/fd/%d", file);
	struct attach_set set;
	attach_set_init(&set);
	struct attach_site site = { off, 0, 0 };
	char err[200];
	int rc = attach_uprobe(&set, prog_fd, fpath, &site, pid, false, err, sizeof(err));
	close(file);
	close(prog_fd);   /* the perf event holds the program */
	if (rc != 0 || set.nfds != 1) {
		attach_detach_all(&set);
		return -1;
	}
	int fd = set.fds[0];
	set.nfds = 0;      /* ours now */
	attach_detach_all(&set);
	return fd;
}

/* Closes still running on their threads. exit() waits for them: a thread that exit_group()
 * kills in the middle of unregistering makes the kernel give up on the uprobe ("failed to
 * unregister, leaking uprobe" in its log), which then pins the executable's inode until reboot. */
static pthread_mutex_t closing_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t closing_cv = PTHREAD_COND_INITIALIZER;
static int closing;

static void *close_fd(void *arg)
{
	close((int)(intptr_t)arg);
	pthread_mutex_lock(&closing_mu);
	closing--;
	pthread_cond_broadcast(&closing_cv);
	pthread_mutex_unlock(&closing_mu);
	return NULL;
}

static void wait_closes(void)
{
	pthread_mutex_lock(&closing_mu);
	while (closing > 0)
		pthread_cond_wait(&closing_cv, &closing_mu);
	pthread_mutex_unlock(&closing_mu);
}

/* A forked child has none of those threads: its exit() must not wait for them. */
static void forget_closes(void)
{
	pthread_mutex_init(&closing_mu, NULL);
	closing = 0;
}

static void register_wait(void)
{
	pthread_atfork(NULL, NULL, forget_closes);
	atexit(wait_closes);
}

void entry_uprobe_disarm(int fd)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;
	if (fd < 0)
		return;
	pthread_once(&once, register_wait);
	pthread_t th;
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_mutex_lock(&closing_mu);
	closing++;
	pthread_mutex_unlock(&closing_mu);
	/* the closer unregisters: it blocks them for good (sigblock.h), and so does this thread
	 * when it closes the descriptor itself */
	sigset_t old;
	sigblock_ending(&old);
	bool started = pthread_create(&th, &attr, close_fd, (void *)(intptr_t)fd) == 0;
	if (!started) {
		pthread_mutex_lock(&closing_mu);
		closing--;
		pthread_mutex_unlock(&closing_mu);
		close(fd);
	}
	sigblock_restore(&old);
	pthread_attr_destroy(&attr);
}
