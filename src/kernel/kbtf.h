/* kbtf.h — the running kernel's types (vmlinux BTF, /sys/kernel/btf/vmlinux) as D types, for
 * fbt probe arguments, curthread and D programs naming kernel structs (`struct task_struct`).
 *
 * Lazy: nothing is read until a caller asks (kbtf_get), so a script that never names a kernel
 * type pays nothing. Conversion is lazy too: a struct or union reached through a pointer is
 * made as an incomplete tag node that remembers its BTF id; its body (members at BTF's own
 * offsets, so packed and cache-aligned kernel layouts come out right) is converted when the
 * type checker needs it (kbtf_complete, through dck_options.complete_record). Embedded structs
 * and arrays of them are completed with their holder, as the holder's layout needs them.
 *
 * Types made belong to the dtype_ctx passed in; one context is cached at a time (a new one
 * starts a fresh cache). Integers map onto D's (char/short/int/long/long long by size and
 * signedness), typedef names are kept ("u32", "pid_t", "loff_t"), enums keep their values.
 *
 * Contract: functions return NULL / false / -1 when the kernel has no BTF (then callers say so). */
#ifndef USDTRACE_KBTF_H
#define USDTRACE_KBTF_H
#include <stdbool.h>
#include <stdint.h>

struct btf;
struct dtype;
struct dtype_ctx;

/* vmlinux BTF, loaded on first call (NULL if unavailable). Owned here. */
const struct btf *kbtf_get(void);
/* Offsets of the kernel struct members the tracer's programs read (task_struct, cred,
 * signal_struct, sched_entity, thread_struct; path, dentry, qstr, vfsmount, mount), found
 * once; -1 where unknown or without BTF. */
struct kbtf_offsets {
	int task_pid, task_tgid, task_real_parent, task_comm, task_prio, task_state, task_cpu;
	int task_real_cred, task_cred, task_signal, task_flags, task_exit_code, task_se;
	int task_thread;
	int cred_uid, cred_euid, cred_gid, cred_egid, signal_nr_threads, se_sum_exec_runtime;
	int signal_group_exit_code;
	int thread_fsbase;
	/* uregs[21..25] (dtrace's x86-64 numbering past pt_regs): the thread's saved ds, es,
	 * fsbase, gsbase and trap_nr in task_struct.thread (offsets from thread_struct), and
	 * their sizes */
	int thread_ureg[5], thread_ureg_size[5];
	/* a file's path, walked up to the root (d_path()) */
	int path_mnt, path_dentry, dentry_parent, dentry_name, qstr_len, qstr_name;
	int vfsmount_root, mount_mnt, mount_parent, mount_mountpoint;
	/* kernel locks (mutex_owned() & co.): struct mutex's owner word, and a rwlock_t's
	 * qrwlock counts (rwlock_t.raw_lock.cnts, through the typedefs) */
	int mutex_owner, rwlock_cnts;
	/* a socket buffer's linear data (pcap()): struct sk_buff's len, data_len, data */
	int skb_len, skb_data_len, skb_data;
};
const struct kbtf_offsets *kbtf_offsets(void);
/* The D type of BTF type id (0 is void). */
struct dtype *kbtf_type(struct dtype_ctx *ctx, uint32_t id);
/* The D type of the kernel struct or union `struct NAME` (union when is_union), incomplete
 * until needed; NULL if BTF has none of that name. */
struct dtype *kbtf_record(struct dtype_ctx *ctx, const char *name, bool is_union);
/* Complete rec (an incomplete struct/union/enum tag node, made by kbtf or by a D program
 * naming a kernel type) from BTF. Whether it is complete now. */
bool kbtf_complete(struct dtype_ctx *ctx, struct dtype *rec);
/* The D type of the kernel's typedef `name` (rwlock_t, spinlock_t, atomic_t: the names the
 * kernel's types give, which D programs may use as dtrace's vmlinux CTF lets them), or NULL
 * when BTF has no typedef of that name. Names are looked up in a sorted index built once. */
struct dtype *kbtf_typedef(struct dtype_ctx *ctx, const char *name);
/* A type name as the kernel's own type information names it: a typedef or a base type
 * (char, int, _Bool; BTF spells long as "long int", so `long` alone is none), or NULL. For
 * D's module-scoped names (vmlinux`u64, vmlinux`int). */
struct dtype *kbtf_named_type(struct dtype_ctx *ctx, const char *name);
/* Give ctx's parser the kernel's types (dtype_ctx.complete, .extern_typedef): struct, union
 * and enum bodies from BTF (kbtf_complete), the kernel's typedef names (kbtf_typedef) and
 * type names scoped to the kernel (vmlinux`u64: kbtf_named_type), as dtrace's vmlinux CTF
 * gives them to D programs and to provider argument types. */
void kbtf_attach(struct dtype_ctx *ctx);
/* The D type of kernel variable `name` (a BTF VAR), or NULL. */
struct dtype *kbtf_var_type(struct dtype_ctx *ctx, const char *name);
/* The type of kernel function `name` named as a variable (`schedule), or NULL when BTF has no
 * such function: dtrace reads a function's symbol as an unsigned long at its address
 * (observed: print(&`schedule) shows "(long unsigned int)..."), so &`schedule is its address. */
struct dtype *kbtf_func_sym_type(struct dtype_ctx *ctx, const char *name);
/* Function `name`'s BTF id (kind FUNC), or -1. */
int kbtf_func_id(const char *name);
/* The parameter types of function id (FUNC), and its return type in *ret (NULL: void; ret
 * may be NULL); malloc'd array of *nargs, or NULL when it has none. */
struct dtype **kbtf_func_args(struct dtype_ctx *ctx, uint32_t func_id, int *nargs,
			      struct dtype **ret);
/* The number of parameters of function id, or -1. */
int kbtf_func_nargs(uint32_t func_id);
/* Raw tracepoints: BTF has a typedef btf_trace_NAME for each, a pointer to its probe
 * function's prototype, whose first parameter (void *) is not the tracepoint's. Calls fn for
 * each (its name without the prefix, the typedef's id). */
void kbtf_tracepoints(void (*fn)(const char *name, uint32_t id, void *arg), void *arg);
/* The typedef id of tracepoint `name`, or -1. */
int kbtf_tracepoint_id(const char *name);
/* The tracepoint's argument types (the prototype's parameters after the first); malloc'd array
 * of *nargs, or NULL when it has none. kbtf_tracepoint_nargs: how many, or -1. */
struct dtype **kbtf_tracepoint_args(struct dtype_ctx *ctx, uint32_t tp_id, int *nargs);
int kbtf_tracepoint_nargs(uint32_t tp_id);
#endif
