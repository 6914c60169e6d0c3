/* cg_kpath.c — d_path(): the path of a kernel struct path, as the kernel's d_path() writes it
 * (or, given a struct vfsmount *, of the mount's root: where it is mounted),
 * built by walking dentries up to the root (bpf_d_path exists only for a few fentry programs).
 *
 * From the path's dentry, each step prepends "/NAME" (the dentry's qstr) and moves to d_parent;
 * at the root of a mount (dentry == vfsmount.mnt_root) it moves to the mount point's dentry in
 * the parent mount (struct mount: mnt_mountpoint, mnt_parent); the walk ends at the root of
 * the root mount (its own parent). At most KPATH_STEPS steps, mount crossings included, and
 * at most strsize characters: a longer path keeps its last components. Every read is
 * bpf_probe_read_kernel: a path whose dentry cannot be read faults (DTRACEFLT_BADADDR, the
 * path's address); a pointer further up that cannot be read (0) ends the walk as a root
 * would. The path is built backwards in a scratch buffer, then copied out. */
#include <linux/bpf.h>

#include "cg_clause.h"
#include "cg_impl.h"
#include "kbtf.h"

#define KPATH_STEPS 24
#define KPATH_NAME_MAX 255

static void kpath(struct cgc *c, uint32_t dst, int16_t from_slot, bool from_mount);

void cgc_d_path(struct cgc *c, uint32_t dst, int16_t path_slot)
{
	kpath(c, dst, path_slot, false);
}

void cgc_d_path_mount(struct cgc *c, uint32_t dst, int16_t mnt_slot)
{
	kpath(c, dst, mnt_slot, true);
}

/* The walk from a struct path (from_mount false) or from a mount's root: the path
 * {mnt, mnt->mnt_root}, whose first step goes to the mount point in the parent mount. */
static void kpath(struct cgc *c, uint32_t dst, int16_t path_slot, bool from_mount)
{
	const struct kbtf_offsets *o = kbtf_offsets();
	if (o->path_mnt < 0 || o->path_dentry < 0 || o->dentry_parent < 0 || o->dentry_name < 0 ||
	    o->qstr_len < 0 || o->qstr_name < 0 || o->vfsmount_root < 0 || o->mount_mnt < 0 ||
	    o->mount_parent < 0 || o->mount_mountpoint < 0)
		cgc_fail(c, NULL, "d_path( ) needs the kernel's BTF (struct path, dentry, mount)");
	int32_t room = (int32_t)c->g.strsize - 1;   /* characters */
	uint32_t buf = cgs_scratch_alloc(&c->g, (uint32_t)room + 1 + KPATH_NAME_MAX + 1);
	int16_t sd = cgc_slot_push(c), sm = cgc_slot_push(c), sp = cgc_slot_push(c);
	int16_t st = cgc_slot_push(c), sl = cgc_slot_push(c);
	int done = bpb_label_new(&c->buf);

	/* d = path->dentry, mnt = path->mnt (from a mount: d = mnt->mnt_root, mnt), pos = room,
	 * buf[room] = NUL */
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, path_slot));
	cgc_task_read(c, from_mount ? o->vfsmount_root : o->path_dentry, 8);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, sd));
	/* a path always has a dentry: none read means the address is bad (NULL among them) */
	int readable = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JNE, 0, 0, readable);
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, path_slot));
	c->g.emit_fault(&c->g, DOUT_FLT_BADADDR, 3);
	bpb_label_place(&c->buf, readable);
	cgc_emit(c, bi_ldx(BPF_DW, 0, 10, path_slot));
	if (!from_mount)
		cgc_task_read(c, o->path_mnt, 8);
	cgc_emit(c, bi_stx(BPF_DW, 10, 0, sm));
	cgc_emit(c, bi_st(BPF_DW, 10, sp, room));
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(buf + (uint32_t)room), 0));

	for (int k = 0; k < KPATH_STEPS; k++) {
		int not_root = bpb_label_new(&c->buf), next = bpb_label_new(&c->buf);
		/* a dead end (a read that faulted) ends the walk */
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sd));
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
		/* the root of its mount: on to the mount point, in the parent mount */
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sm));
		cgc_task_read(c, o->vfsmount_root, 8);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, sd));
		bpb_jmp_reg(&c->buf, BPF_JNE, 0, 1, not_root);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sm));
		cgc_emit(c, bi_alu64_imm(BPF_SUB, 0, o->mount_mnt));       /* the struct mount */
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, st));
		cgc_task_read(c, o->mount_parent, 8);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, st));
		bpb_jmp_reg(&c->buf, BPF_JEQ, 0, 1, done);                 /* the root mount */
		bpb_jmp_imm(&c->buf, BPF_JEQ, 0, 0, done);
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 0, o->mount_mnt));
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, sm));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, st));
		cgc_task_read(c, o->mount_mountpoint, 8);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, sd));
		bpb_ja(&c->buf, next);

		/* a name: "/NAME" before what is there, unless this is the filesystem's root */
		bpb_label_place(&c->buf, not_root);
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sd));
		cgc_task_read(c, o->dentry_parent, 8);
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, sd));
		bpb_jmp_reg(&c->buf, BPF_JEQ, 0, 1, done);
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, st));                    /* the parent, for later */
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sd));
		cgc_task_read(c, o->dentry_name + o->qstr_len, 4);
		cgc_emit(c, bi_alu64_imm(BPF_AND, 0, KPATH_NAME_MAX));
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, sl));
		/* pos -= len + 1 ('/'); no room left: the path keeps what it has */
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, sp));
		cgc_emit(c, bi_alu64_reg(BPF_SUB, 1, 0));
		cgc_emit(c, bi_alu64_imm(BPF_SUB, 1, 1));
		bpb_jmp_imm(&c->buf, BPF_JGT, 1, room, done);              /* below 0: wrapped */
		cgc_emit(c, bi_stx(BPF_DW, 10, 1, sp));
		/* buf[pos] = '/', the name after it */
		cgc_emit(c, bi_mov64_reg(2, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 2, 1));
		cgc_emit(c, bi_st(BPF_B, 2, (int16_t)buf, '/'));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, sd));
		cgc_task_read(c, o->dentry_name + o->qstr_name, 8);
		cgc_emit(c, bi_mov64_reg(3, 0));
		cgc_emit(c, bi_ldx(BPF_DW, 1, 10, sp));
		bpb_jmp_imm(&c->buf, BPF_JGT, 1, room, done);              /* for the verifier */
		cgc_emit(c, bi_alu64_reg(BPF_ADD, 1, CG_R_SCRATCH));
		cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)buf + 1));
		cgc_emit(c, bi_ldx(BPF_DW, 2, 10, sl));
		cgc_emit(c, bi_alu64_imm(BPF_AND, 2, KPATH_NAME_MAX));
		cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel));
		cgc_emit(c, bi_ldx(BPF_DW, 0, 10, st));
		cgc_emit(c, bi_stx(BPF_DW, 10, 0, sd));
		bpb_label_place(&c->buf, next);
	}
	bpb_label_place(&c->buf, done);
	/* nothing before the NUL: the root itself, "/" */
	int have = bpb_label_new(&c->buf);
	cgc_emit(c, bi_ldx(BPF_DW, 1, 10, sp));
	bpb_jmp_imm(&c->buf, BPF_JNE, 1, room, have);
	cgc_emit(c, bi_st(BPF_B, CG_R_SCRATCH, (int16_t)(buf + (uint32_t)room - 1), '/'));
	cgc_emit(c, bi_st(BPF_DW, 10, sp, room - 1));
	bpb_label_place(&c->buf, have);
	/* out: from buf + pos to the NUL */
	cgc_emit(c, bi_ldx(BPF_DW, 3, 10, sp));
	int ok = bpb_label_new(&c->buf);
	bpb_jmp_imm(&c->buf, BPF_JLE, 3, room, ok);
	cgc_emit(c, bi_mov64_imm(3, room));
	bpb_label_place(&c->buf, ok);
	cgc_emit(c, bi_alu64_reg(BPF_ADD, 3, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 3, (int32_t)buf));
	cgc_emit(c, bi_mov64_reg(1, CG_R_SCRATCH));
	cgc_emit(c, bi_alu64_imm(BPF_ADD, 1, (int32_t)dst));
	cgc_emit(c, bi_mov64_imm(2, (int32_t)c->g.strsize));
	cgc_emit(c, bi_call(BPF_FUNC_probe_read_kernel_str));
	for (int i = 0; i < 5; i++)
		cgc_slot_pop(c);
}
