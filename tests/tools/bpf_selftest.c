/* bpf_selftest — kernel tests of the BPF plumbing (bpf_prog, bpf_sys, attach, ringbuf) with
 * hand-built programs, driven by tests/sh/bpf_kernel.sh. Needs root. Each command prints
 * "ok - NAME" / "not ok - NAME: why" lines; TARGET is tests/progs/bpf/target.c built.
 *   uprobe TARGET N          perf-event uprobe on bt_a (reads rdi) and uretprobe on bt_b (rax)
 *   multi TARGET N [fallback] one uprobe_multi link over bt_a, bt_b, bt_c with cookies and a
 *                            uretprobe link on bt_b, filtered to one of two processes; with
 *                            "fallback" the program is loaded without the uprobe_multi attach
 *                            type, so the link is refused and per-site perf events are used
 *   verifier                 rejected programs and bad maps/attach requests give messages
 *   clock HZ MS              cpu-clock events on every online CPU, then on CPU 0 only
 *   sem-cycle TARGET DIR     USDT semaphore on while attached, off after detach (both paths)
 *   sem-hold TARGET PID perf|multi   attach to PID's bt:tick with its semaphore, print
 *                            "attached", then wait to be killed
 *   sleepable TARGET DIR     bpf_copy_from_user in a sleepable uprobe program against
 *                            bpf_probe_read_user, on a file page the process never touched */
#include <bpf/bpf.h>
#include <sched.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "attach.h"
#include "bpf_dis.h"
#include "bpf_prog.h"
#include "bpf_sys.h"
#include "elf_symtab.h"
#include "ringbuf.h"
#include "usdt_note.h"
#include "util.h"

#define PT_REGS_DI 112 /* offsetof(struct pt_regs, di) on x86-64 */
#define PT_REGS_AX 80

#include "tap.h"

static void die(const char *what, const char *msg)
{
	printf("not ok - %s: %s\n", what, msg);
	exit(1);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* ---- the traced program ---- */

/* File offset of function `name` in the ELF file path. */
static uint64_t func_off(const char *path, const char *name)
{
	char err[256];
	struct usdt_file *uf;
	int fd = open(path, O_RDONLY);
	Elf *elf;
	Elf_Scn *scn = NULL;
	struct elf_symtab t = { 0 };
	int64_t off = -1;

	if (fd < 0 || elf_version(EV_CURRENT) == EV_NONE || !(elf = elf_begin(fd, ELF_C_READ, NULL)))
		die("setup", "cannot open the target as ELF");
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_SYMTAB)
			break;
	}
	if (!scn || elf_symtab_load(elf, scn, &t, err, sizeof(err)) < 0)
		die("setup", "target has no symbol table");
	bool amb;
	const struct elf_sym *s = elf_symtab_find(&t, name, 0, &amb);
	if (s && usdt_file_open(path, &uf, err, sizeof(err)) == 0) {
		off = usdt_file_vaddr_to_off(uf, s->value);
		usdt_file_free(uf);
	}
	elf_symtab_free(&t);
	elf_end(elf);
	close(fd);
	if (off < 0)
		die("setup", "function not found in target");
	return (uint64_t)off;
}

/* Fork the target held at a pipe, so that probes can be attached to its pid before it runs. */
static pid_t spawn_held(char *const argv[], int *go)
{
	int p[2];

	if (pipe(p) < 0)
		die("setup", "pipe");
	pid_t pid = fork();
	if (pid < 0)
		die("setup", "fork");
	if (pid == 0) {
		char c;
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(126);
		close(p[0]);
		int devnull = open("/dev/null", O_WRONLY);
		if (devnull >= 0)
			dup2(devnull, STDOUT_FILENO);
		execv(argv[0], argv);
		_exit(127);
	}
	close(p[0]);
	*go = p[1];
	return pid;
}

static int release_and_wait(pid_t pid, int go)
{
	int st;

	if (write(go, "g", 1) != 1)
		return -1;
	close(go);
	if (waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* ---- records ---- */

struct rec { uint64_t pid, val, tag; };

struct recs {
	struct rec *v;
	size_t n, cap;
	int bad_size;
};

static int collect(void *ctx, const void *data, size_t size)
{
	struct recs *r = ctx;

	if (size != sizeof(struct rec)) {
		r->bad_size++;
		return 0;
	}
	xgrow(&r->v, sizeof(*r->v), &r->cap, r->n + 1);
	memcpy(&r->v[r->n++], data, sizeof(struct rec));
	return 0;
}

/* Stops delivery (returning -7) once `limit` records were taken. */
struct stopper { struct recs *r; size_t limit; };

static int collect_until(void *ctx, const void *data, size_t size)
{
	struct stopper *st = ctx;
	collect(st->r, data, size);
	return st->r->n >= st->limit ? -7 : 0;
}

/* A program writing {tgid, *(u64 *)(ctx + reg_off), tag} to the ring buffer, where tag is the
 * attach cookie (tag < 0) or the constant tag. */
static void build_record_prog(struct bpf_prog_buf *b, int rb_fd, int reg_off, int tag)
{
	char err[256];
	int out;

	bpb_init(b);
	out = bpb_label_new(b);
	bpb_emit(b, bi_mov64_reg(BPF_REG_6, BPF_REG_1));
	bpb_emit(b, bi_call(BPF_FUNC_get_current_pid_tgid));
	bpb_emit(b, bi_mov64_reg(BPF_REG_7, BPF_REG_0));
	bpb_emit(b, bi_alu64_imm(BPF_RSH, BPF_REG_7, 32));
	bpb_emit(b, bi_ldx(BPF_DW, BPF_REG_8, BPF_REG_6, (int16_t)reg_off));
	if (tag < 0) {
		bpb_emit(b, bi_mov64_reg(BPF_REG_1, BPF_REG_6));
		bpb_emit(b, bi_call(BPF_FUNC_get_attach_cookie));
		bpb_emit(b, bi_mov64_reg(BPF_REG_9, BPF_REG_0));
	} else {
		bpb_emit(b, bi_mov64_imm(BPF_REG_9, tag));
	}
	bpb_ld_map_fd(b, BPF_REG_1, rb_fd);
	bpb_emit(b, bi_mov64_imm(BPF_REG_2, sizeof(struct rec)));
	bpb_emit(b, bi_mov64_imm(BPF_REG_3, 0));
	bpb_emit(b, bi_call(BPF_FUNC_ringbuf_reserve));
	bpb_jmp_imm(b, BPF_JEQ, BPF_REG_0, 0, out);
	bpb_emit(b, bi_stx(BPF_DW, BPF_REG_0, BPF_REG_7, 0));
	bpb_emit(b, bi_stx(BPF_DW, BPF_REG_0, BPF_REG_8, 8));
	bpb_emit(b, bi_stx(BPF_DW, BPF_REG_0, BPF_REG_9, 16));
	bpb_emit(b, bi_mov64_reg(BPF_REG_1, BPF_REG_0));
	bpb_emit(b, bi_mov64_imm(BPF_REG_2, 0));
	bpb_emit(b, bi_call(BPF_FUNC_ringbuf_submit));
	bpb_label_place(b, out);
	bpb_emit(b, bi_mov64_imm(BPF_REG_0, 0));
	bpb_emit(b, bi_exit());
	if (bpb_finish(b, err, sizeof(err)) < 0)
		die("build", err);
}

static int load(struct bpf_prog_buf *b, enum bpf_prog_type type, int expected, bool sleepable,
		const char *what)
{
	struct bpf_sys_prog_opts o = { type, expected, sleepable, what, 0, 0, NULL, 0 };
	struct strbuf log = { 0 };
	char err[512];

	int fd = bpf_sys_prog_load(&o, b->insns, b->n, &log, err, sizeof(err));
	if (fd < 0) {
		struct strbuf dis = { 0 };
		bpf_dis_prog(&dis, b->insns, b->n);
		fprintf(stderr, "%s\n--- program ---\n%s--- verifier log ---\n%s\n", err, dis.s,
			log.s ? log.s : "");
		strbuf_free(&dis);
		die(what, err);
	}
	strbuf_free(&log);
	return fd;
}

static int ringbuf_map(void)
{
	char err[256];
	int fd = bpf_sys_map_create(BPF_SYS_MAP_RINGBUF, "selftest_rb", 0, 0, 1u << 20, err, sizeof(err));
	if (fd < 0)
		die("map", err);
	return fd;
}

/* Check that r holds exactly the expected sequence from pid. */
static void check_seq(const char *name, const struct recs *r, pid_t pid, const struct rec *want,
		      size_t nwant)
{
	if (r->bad_size) {
		tap_notok(name, "%d records of the wrong size", r->bad_size);
		return;
	}
	if (r->n != nwant) {
		tap_notok(name, "%zu records, expected %zu", r->n, nwant);
		return;
	}
	for (size_t i = 0; i < nwant; i++) {
		if (r->v[i].pid != (uint64_t)pid || r->v[i].val != want[i].val || r->v[i].tag != want[i].tag) {
			tap_notok(name, "record %zu is {pid %llu, %llu, tag %llu}, expected {pid %d, %llu, tag %llu}",
			      i, (unsigned long long)r->v[i].pid, (unsigned long long)r->v[i].val,
			      (unsigned long long)r->v[i].tag, (int)pid, (unsigned long long)want[i].val,
			      (unsigned long long)want[i].tag);
			return;
		}
	}
	tap_ok(name);
}

/* Run the held target to completion and collect everything the ring buffer received. */
static void run_and_collect(pid_t pid, int go, struct ringbuf *rb, const char *name)
{
	int rc = release_and_wait(pid, go);
	if (rc != 0) {
		char m[64];
		snprintf(m, sizeof(m), "target exited with status %d", rc);
		die(name, m);
	}
	/* Submissions made before the process exited are all committed by now; one drain
	 * delivers them, in order. */
	if (ringbuf_drain(rb) < 0)
		die(name, "ring buffer drain failed");
}

static int cmd_uprobe(char *target, long n)
{
	char err[512], nbuf[32];
	struct bpf_prog_buf pe, pr;
	struct attach_set as;
	struct recs got = { 0 };
	int rb_fd = ringbuf_map();

	snprintf(nbuf, sizeof(nbuf), "%ld", n);
	char *argv[] = { target, "calls", nbuf, NULL };
	build_record_prog(&pe, rb_fd, PT_REGS_DI, 1);
	build_record_prog(&pr, rb_fd, PT_REGS_AX, 2);
	int fe = load(&pe, BPF_PROG_TYPE_KPROBE, 0, false, "entry");
	int fr = load(&pr, BPF_PROG_TYPE_KPROBE, 0, false, "return");
	struct ringbuf *rb = ringbuf_open(rb_fd, collect, &got, err, sizeof(err));
	if (!rb)
		die("uprobe", err);

	int go, go_other;
	pid_t pid = spawn_held(argv, &go);
	pid_t other = spawn_held(argv, &go_other); /* runs first, untraced: must not be seen */
	struct attach_site a = { func_off(target, "bt_a"), 0, 0 };
	struct attach_site b = { func_off(target, "bt_b"), 0, 0 };
	attach_set_init(&as);
	if (attach_uprobe(&as, fe, target, &a, pid, false, err, sizeof(err)) < 0 ||
	    attach_uprobe(&as, fr, target, &b, pid, true, err, sizeof(err)) < 0)
		die("uprobe-attach", err);
	if (as.nperf != 2 || as.nmulti != 0)
		tap_notok("uprobe-attach", "nperf %d nmulti %d", as.nperf, as.nmulti);
	else
		tap_ok("uprobe-attach");
	if (release_and_wait(other, go_other) != 0)
		die("uprobe", "untraced target failed");
	run_and_collect(pid, go, rb, "uprobe");

	struct rec *want = xcalloc((size_t)n * 2, sizeof(*want));
	for (long i = 0; i < n; i++) {
		want[2 * i] = (struct rec){ 0, (uint64_t)(1000 + i), 1 };
		want[2 * i + 1] = (struct rec){ 0, (uint64_t)(2000 + i + 1), 2 };
	}
	check_seq("uprobe-entry-and-return-in-order", &got, pid, want, (size_t)n * 2);

	/* A callback that stops delivery: the poll returns its value, the records it took stay
	 * consumed, the rest arrive on the next call, still in order. */
	{
		struct recs part = { 0 };
		struct stopper st = { &part, 2 };
		struct ringbuf *rb2 = ringbuf_open(rb_fd, collect_until, &st, err, sizeof(err));
		char *argv3[] = { target, "calls", "3", NULL };
		struct attach_set as2;
		attach_set_init(&as2);
		pid = spawn_held(argv3, &go);
		if (!rb2 || attach_uprobe(&as2, fe, target, &a, pid, false, err, sizeof(err)) < 0 ||
		    attach_uprobe(&as2, fr, target, &b, pid, true, err, sizeof(err)) < 0 ||
		    release_and_wait(pid, go) != 0)
			die("ringbuf-stop-and-resume", "setup failed");
		attach_detach_all(&as2);
		int r1 = ringbuf_poll(rb2, 1000);
		size_t after_first = part.n;
		st.limit = 1000;
		int r2 = ringbuf_drain(rb2);
		static const uint64_t vals[6] = { 1000, 2001, 1001, 2002, 1002, 2003 };
		bool same = part.n == 6;
		for (size_t i = 0; same && i < 6; i++)
			same = part.v[i].val == vals[i] && part.v[i].pid == (uint64_t)pid;
		if (r1 != -7 || after_first != 2 || r2 != 4 || !same)
			tap_notok("ringbuf-stop-and-resume", "first poll %d (%zu records), drain %d, %zu in all",
			      r1, after_first, r2, part.n);
		else
			tap_ok("ringbuf-stop-and-resume");
		/* Nothing left, and a poll with a timeout returns 0. */
		int r3 = ringbuf_poll(rb2, 10);
		if (r3 != 0)
			tap_notok("ringbuf-empty-poll", "returned %d", r3);
		else
			tap_ok("ringbuf-empty-poll");
		ringbuf_close(rb2);
		free(part.v);
	}

	/* After detaching, a second run must deliver nothing. */
	attach_detach_all(&as);
	attach_detach_all(&as); /* idempotent */
	got.n = 0;
	pid = spawn_held(argv, &go);
	run_and_collect(pid, go, rb, "uprobe");
	if (got.n != 0)
		tap_notok("uprobe-detached-silent", "%zu records after detach", got.n);
	else
		tap_ok("uprobe-detached-silent");

	free(want);
	free(got.v);
	ringbuf_close(rb);
	bpb_free(&pe);
	bpb_free(&pr);
	close(fe);
	close(fr);
	close(rb_fd);
	return tap_failures ? 1 : 0;
}

static int cmd_multi(char *target, long n, bool fallback)
{
	char err[512], nbuf[32];
	struct bpf_prog_buf p, pr;
	struct attach_set as;
	struct recs got = { 0 };
	int rb_fd = ringbuf_map();
	const char *name = fallback ? "multi-fallback-in-order" : "multi-in-order";
	const char *linkname = fallback ? "multi-fell-back" : "multi-used-link";

	if (!fallback && !attach_uprobe_multi_supported()) {
		printf("skip - %s: this kernel has no uprobe_multi links\n", name);
		return 0;
	}
	snprintf(nbuf, sizeof(nbuf), "%ld", n);
	char *argv[] = { target, "calls", nbuf, NULL };
	int type = fallback ? 0 : BPF_SYS_TRACE_UPROBE_MULTI;
	build_record_prog(&p, rb_fd, PT_REGS_DI, -1);
	build_record_prog(&pr, rb_fd, PT_REGS_AX, -1);
	int fd = load(&p, BPF_PROG_TYPE_KPROBE, type, false, "multi");
	int fdr = load(&pr, BPF_PROG_TYPE_KPROBE, type, false, "multi_ret");
	struct ringbuf *rb = ringbuf_open(rb_fd, collect, &got, err, sizeof(err));
	if (!rb)
		die(name, err);

	struct attach_site sites[3] = {
		{ func_off(target, "bt_a"), 0, 11 },
		{ func_off(target, "bt_b"), 0, 22 },
		{ func_off(target, "bt_c"), 0, 33 },
	};
	struct attach_site ret_site = { func_off(target, "bt_b"), 0, 44 };
	/* Two held children; only the first is traced. The second runs first: its calls must
	 * not show up (the pid filter of the link or perf events works). */
	int go, go_other;
	pid_t pid = spawn_held(argv, &go);
	pid_t other = spawn_held(argv, &go_other);
	bool used_multi, used_multi_ret;
	attach_set_init(&as);
	if (attach_uprobe_multi(&as, fd, target, sites, 3, pid, false, &used_multi, err, sizeof(err)) < 0 ||
	    attach_uprobe_multi(&as, fdr, target, &ret_site, 1, pid, true, &used_multi_ret, err, sizeof(err)) < 0)
		die(name, err);
	if (used_multi == fallback || used_multi_ret == fallback ||
	    (fallback ? as.nperf != 4 || as.nmulti != 0 : as.nmulti != 2 || as.nperf != 0))
		tap_notok(linkname, "used_multi %d/%d nperf %d nmulti %d", used_multi, used_multi_ret,
		      as.nperf, as.nmulti);
	else
		tap_ok(linkname);
	if (release_and_wait(other, go_other) != 0)
		die(name, "untraced target failed");
	run_and_collect(pid, go, rb, name);

	struct rec *want = xcalloc((size_t)n * 4, sizeof(*want));
	for (long i = 0; i < n; i++) {
		want[4 * i] = (struct rec){ 0, (uint64_t)(1000 + i), 11 };
		want[4 * i + 1] = (struct rec){ 0, (uint64_t)(2000 + i), 22 };
		want[4 * i + 2] = (struct rec){ 0, (uint64_t)(2000 + i + 1), 44 }; /* bt_b's return */
		want[4 * i + 3] = (struct rec){ 0, (uint64_t)(3000 + i), 33 };
	}
	check_seq(name, &got, pid, want, (size_t)n * 4);
	attach_detach_all(&as);
	free(want);
	free(got.v);
	ringbuf_close(rb);
	bpb_free(&p);
	bpb_free(&pr);
	close(fd);
	close(fdr);
	close(rb_fd);
	return tap_failures ? 1 : 0;
}

/* ---- verifier and argument errors ---- */

static void expect_reject(const char *name, const struct bpf_insn *insns, size_t n, const char *reason)
{
	struct bpf_sys_prog_opts o = { BPF_PROG_TYPE_KPROBE, 0, false, "bad", 0, 0, NULL, 0 };
	struct strbuf log = { 0 };
	char err[512] = "";
	const char *prefix = "the kernel's verifier rejected the program: ";

	errno = 0;
	int fd = bpf_sys_prog_load(&o, insns, n, &log, err, sizeof(err));
	int e = errno;
	fprintf(stderr, "%s: %s\n", name, err);
	if (fd >= 0) {
		tap_notok(name, "the program loaded");
		close(fd);
	} else if (e != EACCES && e != EINVAL) {
		tap_notok(name, "errno %d (%s)", e, strerror(e));
	} else if (strncmp(err, prefix, strlen(prefix)) != 0 || !strstr(err, reason)) {
		tap_notok(name, "message \"%s\"", err);
	} else if (!log.s || !strstr(log.s, reason) || !strstr(log.s, "processed")) {
		tap_notok(name, "log lacks the reason: %.200s", log.s ? log.s : "(none)");
	} else {
		tap_ok(name);
	}
	strbuf_free(&log);
}

static int cmd_verifier(void)
{
	char err[512];

	struct bpf_insn uninit[] = { bi_mov64_reg(BPF_REG_0, BPF_REG_2), bi_exit() };
	expect_reject("verifier-uninit-register", uninit, 2, "R2 !read_ok");

	struct bpf_insn stack_oob[] = { bi_st(BPF_DW, BPF_REG_10, 8, 0), bi_mov64_imm(BPF_REG_0, 0), bi_exit() };
	expect_reject("verifier-stack-out-of-bounds", stack_oob, 3, "invalid write to stack");

	struct bpf_insn no_exit[] = { bi_mov64_imm(BPF_REG_0, 0) };
	expect_reject("verifier-falls-off-end", no_exit, 1, "last insn is not an exit");

	struct bpf_insn unknown_helper[] = { bi_call(99999), bi_mov64_imm(BPF_REG_0, 0), bi_exit() };
	expect_reject("verifier-unknown-helper", unknown_helper, 3, "99999");

	/* A log larger than the first log buffer (256 KiB): the verifier logs every instruction it
	 * walks, so 40000 of them before the error overflow it; the retry with a bigger buffer
	 * must still find the reason at the end. */
	{
		size_t nlong = 40000;
		struct bpf_insn *longp = xcalloc(nlong, sizeof(*longp));
		for (size_t i = 0; i < nlong - 2; i++)
			longp[i] = bi_mov64_imm(BPF_REG_0, (int32_t)i);
		longp[nlong - 2] = bi_mov64_reg(BPF_REG_0, BPF_REG_3);
		longp[nlong - 1] = bi_exit();
		struct bpf_sys_prog_opts lo = { BPF_PROG_TYPE_KPROBE, 0, false, "long", 0, 0, NULL, 0 };
		struct strbuf llog = { 0 };
		int lfd = bpf_sys_prog_load(&lo, longp, nlong, &llog, err, sizeof(err));
		fprintf(stderr, "verifier-long-log: %zu bytes of log; %s\n", llog.len, err);
		if (lfd >= 0 || !strstr(err, "R3 !read_ok") || llog.len <= 256 * 1024)
			tap_notok("verifier-long-log", "fd %d, %zu bytes of log, \"%s\"", lfd, llog.len, err);
		else
			tap_ok("verifier-long-log");
		strbuf_free(&llog);
		free(longp);
	}

	/* A good program loads, and the log stays empty: logging happens only after a failure. */
	struct bpf_insn good[] = { bi_mov64_imm(BPF_REG_0, 0), bi_exit() };
	struct bpf_sys_prog_opts o = { BPF_PROG_TYPE_KPROBE, 0, false, "good-name!", 0, 0, NULL, 0 };
	struct strbuf log = { 0 };
	strbuf_puts(&log, "stale");
	int fd = bpf_sys_prog_load(&o, good, 2, &log, err, sizeof(err));
	if (fd < 0 || (log.s && log.s[0]))
		tap_notok("load-good-program", "fd %d log \"%s\" err \"%s\"", fd, log.s ? log.s : "", err);
	else
		tap_ok("load-good-program");
	if (fd >= 0)
		close(fd);
	strbuf_free(&log);

	/* An empty program is refused before the kernel sees it. */
	if (bpf_sys_prog_load(&o, good, 0, NULL, err, sizeof(err)) != -1 || errno != EINVAL)
		tap_notok("load-empty-program", "accepted");
	else
		tap_ok("load-empty-program");

	/* A huge program: the kernel's size limit, reported without a verifier log. */
	size_t big = 2u * 1000 * 1000;
	struct bpf_insn *many = xcalloc(big, sizeof(*many));
	for (size_t i = 0; i < big; i++)
		many[i] = bi_mov64_imm(BPF_REG_0, 0);
	many[big - 1] = bi_exit();
	fd = bpf_sys_prog_load(&o, many, big, NULL, err, sizeof(err));
	if (fd >= 0 || errno != E2BIG || !strstr(err, "too large"))
		tap_notok("load-too-large", "fd %d errno %d \"%s\"", fd, errno, err);
	else
		tap_ok("load-too-large");
	free(many);

	/* Maps. */
	fd = bpf_sys_map_create(BPF_SYS_MAP_RINGBUF, "rb", 0, 0, 3000, err, sizeof(err));
	if (fd >= 0 || errno != EINVAL || !strstr(err, "power of two"))
		tap_notok("map-ringbuf-bad-size", "fd %d \"%s\"", fd, err);
	else
		tap_ok("map-ringbuf-bad-size");
	fd = bpf_sys_map_create(BPF_SYS_MAP_ARRAY, "a", 8, 8, 4, err, sizeof(err));
	if (fd >= 0 || !strstr(err, "array keys are 4 bytes"))
		tap_notok("map-array-key-size", "fd %d \"%s\"", fd, err);
	else
		tap_ok("map-array-key-size");
	fd = bpf_sys_map_create(BPF_SYS_MAP_HASH, "huge", 8, 1u << 30, 1u << 30, err, sizeof(err));
	if (fd >= 0 || !err[0])
		tap_notok("map-too-large", "fd %d", fd);
	else
		tap_ok("map-too-large");
	static const enum bpf_sys_map_kind kinds[] = { BPF_SYS_MAP_HASH, BPF_SYS_MAP_ARRAY,
						       BPF_SYS_MAP_PERCPU_HASH, BPF_SYS_MAP_PERCPU_ARRAY };
	int made = 0;
	for (int i = 0; i < 4; i++) {
		fd = bpf_sys_map_create(kinds[i], "a-map-with-a-long-name", 4, 16, 64, err, sizeof(err));
		if (fd >= 0) {
			struct bpf_map_info info;
			uint32_t len = sizeof(info);
			memset(&info, 0, sizeof(info));
			if (bpf_obj_get_info_by_fd(fd, &info, &len) == 0 && info.max_entries == 64 &&
			    info.value_size == 16 && strcmp(info.name, "a_map_with_a_lo") == 0)
				made++;
			else
				fprintf(stderr, "map %d: name \"%s\"\n", i, info.name);
			close(fd);
		} else {
			fprintf(stderr, "map %d: %s\n", i, err);
		}
	}
	if (made != 4)
		tap_notok("map-kinds", "%d of 4 maps created with the asked shape and name", made);
	else
		tap_ok("map-kinds");

	/* Attach errors. */
	struct attach_set as;
	struct attach_site site = { 0x1000, 0, 0 };
	attach_set_init(&as);
	struct bpf_sys_prog_opts ok_o = { BPF_PROG_TYPE_KPROBE, 0, false, "noop", 0, 0, NULL, 0 };
	int pfd = bpf_sys_prog_load(&ok_o, good, 2, NULL, err, sizeof(err));
	if (attach_uprobe(&as, pfd, "/nonexistent/usdtrace-test", &site, -1, false, err, sizeof(err)) != -1 ||
	    errno != ENOENT || !strstr(err, "no such file"))
		tap_notok("attach-missing-file", "\"%s\"", err);
	else
		tap_ok("attach-missing-file");
	site.ref_ctr_off = 1ull << 40;
	if (attach_uprobe(&as, pfd, "/bin/sh", &site, -1, false, err, sizeof(err)) != -1 ||
	    !strstr(err, "32-bit"))
		tap_notok("attach-ref-ctr-too-far", "\"%s\"", err);
	else
		tap_ok("attach-ref-ctr-too-far");
	if (as.nfds != 0 || as.nmfds != 0)
		tap_notok("attach-failure-leaves-nothing", "%zu fds kept", as.nfds + as.nmfds);
	else
		tap_ok("attach-failure-leaves-nothing");
	close(pfd);
	return tap_failures ? 1 : 0;
}

/* ---- cpu-clock ---- */

static void build_count_prog(struct bpf_prog_buf *b, int map_fd)
{
	char err[256];
	int out;

	bpb_init(b);
	out = bpb_label_new(b);
	bpb_emit(b, bi_st(BPF_W, BPF_REG_10, -4, 0));
	bpb_emit(b, bi_mov64_reg(BPF_REG_2, BPF_REG_10));
	bpb_emit(b, bi_alu64_imm(BPF_ADD, BPF_REG_2, -4));
	bpb_ld_map_fd(b, BPF_REG_1, map_fd);
	bpb_emit(b, bi_call(BPF_FUNC_map_lookup_elem));
	bpb_jmp_imm(b, BPF_JEQ, BPF_REG_0, 0, out);
	bpb_emit(b, bi_mov64_imm(BPF_REG_1, 1));
	bpb_emit(b, bi_atomic_add(BPF_DW, BPF_REG_0, BPF_REG_1, 0));
	bpb_label_place(b, out);
	bpb_emit(b, bi_mov64_imm(BPF_REG_0, 0));
	bpb_emit(b, bi_exit());
	if (bpb_finish(b, err, sizeof(err)) < 0)
		die("build", err);
}

/* A child spinning on CPU cpu until killed: cpu-clock samples a CPU only while it runs something
 * (an idle CPU here gets next to none, bpftrace's profile probe shows the same), so the test
 * keeps every CPU busy to know what to expect. */
static pid_t spin_on(int cpu)
{
	pid_t pid = fork();
	if (pid == 0) {
		cpu_set_t set;
		prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive a test that died */
		if (getppid() == 1)
			_exit(1);
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0)
			_exit(1);
		for (volatile unsigned long i = 0;; i++)
			;
	}
	return pid;
}

/* Per-CPU counts of slot 0 of a per-CPU array (possible CPUs, index = CPU number). */
static uint64_t *read_percpu(int map_fd, int ncpu)
{
	uint64_t *v = xcalloc((size_t)ncpu, sizeof(*v));
	uint32_t key = 0;
	if (bpf_map_lookup_elem(map_fd, &key, v) < 0)
		die("clock", "per-CPU map lookup failed");
	return v;
}

static int cmd_clock(long hz, long ms)
{
	char err[512];
	struct bpf_prog_buf p;
	struct attach_set as;
	int ncpu = bpf_sys_possible_cpus();
	int *online, nonline;

	if (ncpu <= 0 || attach_online_cpus(&online, &nonline, err, sizeof(err)) < 0)
		die("clock", "cannot count CPUs");
	uint64_t period = 1000000000ull / (uint64_t)hz;
	double expect = (double)hz * (double)ms / 1000.0;

	for (int pass = 0; pass < 2; pass++) {
		const char *name = pass == 0 ? "profile-all-cpus" : "tick-one-cpu";
		int map_fd = bpf_sys_map_create(BPF_SYS_MAP_PERCPU_ARRAY, "ticks", 4, 8, 1, err, sizeof(err));
		if (map_fd < 0)
			die(name, err);
		build_count_prog(&p, map_fd);
		int fd = load(&p, BPF_PROG_TYPE_PERF_EVENT, 0, false, "count");
		pid_t *spinners = xcalloc((size_t)nonline, sizeof(*spinners));
		for (int k = 0; k < nonline; k++)
			spinners[k] = spin_on(online[k]);
		sleep_ms(20); /* let them get going */
		attach_set_init(&as);
		if (attach_cpu_clock(&as, fd, pass == 0 ? -1 : online[0], period, err, sizeof(err)) < 0)
			die(name, err);
		sleep_ms(ms);
		attach_detach_all(&as);
		for (int k = 0; k < nonline; k++) {
			if (spinners[k] > 0) {
				kill(spinners[k], SIGKILL);
				waitpid(spinners[k], NULL, 0);
			}
		}
		free(spinners);
		uint64_t *v = read_percpu(map_fd, ncpu);
		struct strbuf desc = { 0 };
		int bad = 0;
		for (int c = 0; c < ncpu; c++) {
			bool is_online = false, counted = pass == 0 ? false : c == online[0];
			for (int k = 0; k < nonline; k++)
				is_online |= online[k] == c;
			if (pass == 0)
				counted = is_online;
			strbuf_printf(&desc, " cpu%d=%llu", c, (unsigned long long)v[c]);
			/* Every counted CPU gets the timer whether busy or idle; allow for the
			 * timer starting late and for hrtimer slack, but not for double counting. */
			if (counted && (v[c] < expect * 0.3 || v[c] > expect * 1.5 + 5))
				bad = 1;
			if (!counted && v[c] != 0)
				bad = 1;
		}
		if (bad)
			tap_notok(name, "expected about %.0f per counted CPU:%s", expect, desc.s);
		else
			tap_ok(name);
		fprintf(stderr, "%s:%s (expected ~%.0f)\n", name, desc.s, expect);
		strbuf_free(&desc);
		free(v);
		bpb_free(&p);
		close(fd);
		close(map_fd);
	}
	free(online);
	return tap_failures ? 1 : 0;
}

/* ---- USDT semaphores ---- */

static const struct usdt_site *find_tick(struct usdt_file *uf)
{
	for (int i = 0; i < uf->nsites; i++)
		if (!strcmp(uf->sites[i].provider, "bt") && !strcmp(uf->sites[i].name, "tick"))
			return &uf->sites[i];
	die("setup", "target has no bt:tick probe");
	return NULL;
}

static int read_state(const char *path)
{
	char c = 0;
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	ssize_t r = read(fd, &c, 1);
	close(fd);
	return r == 1 ? c - '0' : -1;
}

static bool wait_state(const char *path, int want, long timeout_ms)
{
	for (long t = 0; t < timeout_ms; t += 5) {
		if (read_state(path) == want)
			return true;
		sleep_ms(5);
	}
	return false;
}

static void build_hit_prog(struct bpf_prog_buf *b, int map_fd)
{
	build_count_prog(b, map_fd); /* counts into slot 0 of an array map */
}

static int attach_tick(struct attach_set *as, const char *target, const struct usdt_site *s, pid_t pid,
		       bool multi, int fd, char *err, size_t errlen)
{
	struct attach_site site = { s->pc_off, s->sem_off, 0 };
	if (multi)
		return attach_uprobe_multi(as, fd, target, &site, 1, pid, false, NULL, err, errlen);
	return attach_uprobe(as, fd, target, &site, pid, false, err, errlen);
}

static int cmd_sem_cycle(char *target, const char *dir)
{
	char err[512], state[4096], stop[4200];
	struct usdt_file *uf;

	if (usdt_file_open(target, &uf, err, sizeof(err)) < 0)
		die("setup", err);
	const struct usdt_site *s = find_tick(uf);
	if (!s->sem_off)
		die("setup", "bt:tick has no semaphore");
	snprintf(state, sizeof(state), "%s/state", dir);
	snprintf(stop, sizeof(stop), "%s.stop", state);
	char *argv[] = { target, "sem", state, NULL };
	int go;
	pid_t pid = spawn_held(argv, &go);
	if (write(go, "g", 1) != 1)
		die("setup", "cannot start target");
	close(go);
	if (!wait_state(state, 0, 5000))
		die("sem", "target never reported its semaphore");

	for (int pass = 0; pass < 2; pass++) {
		bool multi = pass == 1;
		const char *name = multi ? "semaphore-multi" : "semaphore-perf";
		if (multi && !attach_uprobe_multi_supported()) {
			printf("skip - %s: no uprobe_multi links\n", name);
			continue;
		}
		int map_fd = bpf_sys_map_create(BPF_SYS_MAP_ARRAY, "hits", 4, 8, 1, err, sizeof(err));
		struct bpf_prog_buf p;
		struct attach_set as;
		build_hit_prog(&p, map_fd);
		int fd = load(&p, BPF_PROG_TYPE_KPROBE, multi ? BPF_SYS_TRACE_UPROBE_MULTI : 0, false, "hits");
		attach_set_init(&as);
		if (attach_tick(&as, target, s, pid, multi, fd, err, sizeof(err)) < 0)
			die(name, err);
		bool on = wait_state(state, 1, 3000);
		if (!multi) {
			/* The kernel keeps one ref_ctr_offset per probed site: another one is refused. */
			struct usdt_site other = *s;
			other.sem_off += 2;
			struct attach_set as2;
			attach_set_init(&as2);
			int r = attach_tick(&as2, target, &other, pid, false, fd, err, sizeof(err));
			if (r != -1 || errno != EINVAL || !strstr(err, "different semaphore offset"))
				tap_notok("semaphore-offset-conflict", "rc %d: %s", r, err);
			else
				tap_ok("semaphore-offset-conflict");
			attach_detach_all(&as2);
		}
		uint64_t hits = 0;
		uint32_t key = 0;
		for (int t = 0; t < 300 && on && hits == 0; t++) {
			sleep_ms(10);
			bpf_map_lookup_elem(map_fd, &key, &hits);
		}
		attach_detach_all(&as);
		bool off = wait_state(state, 0, 3000);
		if (!on)
			tap_notok(name, "USDT_ENABLED stayed false while attached");
		else if (hits == 0)
			tap_notok(name, "the probe never fired while enabled");
		else if (!off)
			tap_notok(name, "USDT_ENABLED stayed true after detaching");
		else
			tap_ok(name);
		bpb_free(&p);
		close(fd);
		close(map_fd);
	}
	int sfd = open(stop, O_WRONLY | O_CREAT, 0644);
	if (sfd >= 0)
		close(sfd);
	int st;
	waitpid(pid, &st, 0);
	usdt_file_free(uf);
	return tap_failures ? 1 : 0;
}

__attribute__((noreturn)) static void cmd_sem_hold(char *target, pid_t pid, bool multi)
{
	char err[512];
	struct usdt_file *uf;
	struct bpf_prog_buf p;
	struct attach_set as;

	if (usdt_file_open(target, &uf, err, sizeof(err)) < 0)
		die("setup", err);
	const struct usdt_site *s = find_tick(uf);
	int map_fd = bpf_sys_map_create(BPF_SYS_MAP_ARRAY, "hits", 4, 8, 1, err, sizeof(err));
	build_hit_prog(&p, map_fd);
	int fd = load(&p, BPF_PROG_TYPE_KPROBE, multi ? BPF_SYS_TRACE_UPROBE_MULTI : 0, false, "hits");
	attach_set_init(&as);
	if (attach_tick(&as, target, s, pid, multi, fd, err, sizeof(err)) < 0)
		die("sem-hold", err);
	printf("attached\n");
	fflush(stdout);
	for (;;)
		pause(); /* the test kills us with SIGKILL: nothing of ours runs to clean up */
}

/* ---- sleepable ---- */

/* {long ret; char buf[64]} from helper(buf, 64, rdi). */
static void build_read_prog(struct bpf_prog_buf *b, int rb_fd, int helper)
{
	char err[256];
	int out;

	bpb_init(b);
	out = bpb_label_new(b);
	bpb_emit(b, bi_mov64_reg(BPF_REG_6, BPF_REG_1));
	bpb_ld_map_fd(b, BPF_REG_1, rb_fd);
	bpb_emit(b, bi_mov64_imm(BPF_REG_2, 72));
	bpb_emit(b, bi_mov64_imm(BPF_REG_3, 0));
	bpb_emit(b, bi_call(BPF_FUNC_ringbuf_reserve));
	bpb_jmp_imm(b, BPF_JEQ, BPF_REG_0, 0, out);
	bpb_emit(b, bi_mov64_reg(BPF_REG_7, BPF_REG_0));
	bpb_emit(b, bi_mov64_reg(BPF_REG_1, BPF_REG_7));
	bpb_emit(b, bi_alu64_imm(BPF_ADD, BPF_REG_1, 8));
	bpb_emit(b, bi_mov64_imm(BPF_REG_2, 64));
	bpb_emit(b, bi_ldx(BPF_DW, BPF_REG_3, BPF_REG_6, PT_REGS_DI));
	bpb_emit(b, bi_call(helper));
	bpb_emit(b, bi_stx(BPF_DW, BPF_REG_7, BPF_REG_0, 0));
	bpb_emit(b, bi_mov64_reg(BPF_REG_1, BPF_REG_7));
	bpb_emit(b, bi_mov64_imm(BPF_REG_2, 0));
	bpb_emit(b, bi_call(BPF_FUNC_ringbuf_submit));
	bpb_label_place(b, out);
	bpb_emit(b, bi_mov64_imm(BPF_REG_0, 0));
	bpb_emit(b, bi_exit());
	if (bpb_finish(b, err, sizeof(err)) < 0)
		die("build", err);
}

struct strrec { int64_t ret; char buf[64]; int n; };

static int collect_str(void *ctx, const void *data, size_t size)
{
	struct strrec *r = ctx;
	if (size == 72) {
		memcpy(&r->ret, data, 8);
		memcpy(r->buf, (const char *)data + 8, 64);
		r->buf[63] = '\0';
	}
	r->n++;
	return 0;
}

static int cmd_sleepable(char *target, const char *dir)
{
	char err[512], file[4096];
	int rb_fd = ringbuf_map();
	uint64_t off = func_off(target, "bt_str");

	snprintf(file, sizeof(file), "%s/strings", dir);
	static const struct {
		const char *name;
		bool sleepable, touch;
	} runs[] = {
		{ "probe-read-user-untouched-page-fails", false, false },
		{ "sleepable-copy-from-user-untouched-page", true, false },
		{ "probe-read-user-touched-page", false, true },
	};
	for (int r = 0; r < 3; r++) {
		struct bpf_prog_buf p;
		struct attach_set as;
		struct strrec got = { 0 };
		char *argv[] = { target, "str", file, runs[r].touch ? "touch" : NULL, NULL };

		build_read_prog(&p, rb_fd, runs[r].sleepable ? BPF_FUNC_copy_from_user : BPF_FUNC_probe_read_user);
		int fd = load(&p, BPF_PROG_TYPE_KPROBE, 0, runs[r].sleepable, runs[r].sleepable ? "sleepy" : "plain");
		struct ringbuf *rb = ringbuf_open(rb_fd, collect_str, &got, err, sizeof(err));
		if (!rb)
			die(runs[r].name, err);
		int go;
		pid_t pid = spawn_held(argv, &go);
		struct attach_site site = { off, 0, 0 };
		attach_set_init(&as);
		if (attach_uprobe(&as, fd, target, &site, pid, false, err, sizeof(err)) < 0)
			die(runs[r].name, err);
		run_and_collect(pid, go, rb, runs[r].name);
		attach_detach_all(&as);
		char want[64];
		snprintf(want, sizeof(want), "usdtrace-sleepable-%d", (int)pid);
		fprintf(stderr, "%s: %d record(s), helper returned %lld, read \"%s\"\n", runs[r].name,
			got.n, (long long)got.ret, got.ret == 0 ? got.buf : "");
		if (got.n != 1)
			tap_notok(runs[r].name, "%d records", got.n);
		else if (r == 0 && got.ret != -EFAULT)
			tap_notok(runs[r].name, "bpf_probe_read_user returned %lld, expected -EFAULT", (long long)got.ret);
		else if (r != 0 && (got.ret != 0 || strcmp(got.buf, want) != 0))
			tap_notok(runs[r].name, "returned %lld, read \"%s\", expected \"%s\"", (long long)got.ret,
			      got.buf, want);
		else
			tap_ok(runs[r].name);
		ringbuf_close(rb);
		bpb_free(&p);
		close(fd);
	}
	close(rb_fd);
	return tap_failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	util_progname = "bpf_selftest";
	signal(SIGPIPE, SIG_IGN);
	if (argc >= 4 && !strcmp(argv[1], "uprobe"))
		return cmd_uprobe(argv[2], atol(argv[3]));
	if (argc >= 4 && !strcmp(argv[1], "multi"))
		return cmd_multi(argv[2], atol(argv[3]), argc >= 5 && !strcmp(argv[4], "fallback"));
	if (argc >= 2 && !strcmp(argv[1], "verifier"))
		return cmd_verifier();
	if (argc >= 4 && !strcmp(argv[1], "clock"))
		return cmd_clock(atol(argv[2]), atol(argv[3]));
	if (argc >= 4 && !strcmp(argv[1], "sem-cycle"))
		return cmd_sem_cycle(argv[2], argv[3]);
	if (argc >= 5 && !strcmp(argv[1], "sem-hold"))
		cmd_sem_hold(argv[2], (pid_t)atol(argv[3]), !strcmp(argv[4], "multi"));
	if (argc >= 4 && !strcmp(argv[1], "sleepable"))
		return cmd_sleepable(argv[2], argv[3]);
	fprintf(stderr, "usage: see the comment at the top of tests/tools/bpf_selftest.c\n");
	return 2;
}
