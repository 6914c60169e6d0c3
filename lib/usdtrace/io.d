/*
 * io.d — usdtrace D library: fileinfo_t, what DTrace's io provider and its fds[] array tell of
 * an open file, and fds[fd], the current thread's open file fd as a fileinfo_t:
 * `syscall::read:entry { @[fds[arg0].fi_pathname] = count(); }`.
 *
 * Paths come from d_path() (a walk of the file's dentries up to the root). fi_mount is the
 * mount point of the file's file system, as the Guide defines it: d_path() of the file's
 * mount (usdtrace's d_path(struct vfsmount *), the path of the mount's root), "/" for the root
 * file system (DTrace for Linux leaves it "<unknown>"). A descriptor that is not open gives
 * "<none>" and zeros.
 */

typedef struct fileinfo {
	string fi_name;        /* the file's name, its last path component */
	string fi_dirname;     /* the directory it is in */
	string fi_pathname;    /* its path */
	int64_t fi_offset;     /* the file offset */
	string fi_fs;          /* the file system's type name */
	string fi_mount;       /* the mount point of its file system ("/", "/proc") */
	int fi_oflags;         /* the open flags (O_RDONLY ...) */
} fileinfo_t;

translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : basename(d_path(&F->f_path));
	fi_dirname = F == NULL ? "<none>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : d_path(&F->f_path);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : d_path(F->f_path.mnt);
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
	fd >= 0 && fd < curthread->files->fdt->max_fds ?
	curthread->files->fdt->fd[fd] : (struct file *)0);
/* Stable, as DTrace for Linux's io.d declares it (its -v report of a statement using fds[]) */
#pragma D attributes Stable/Stable/Common fds

/*
 * The io provider (DTrace's io:::start, io:::done, io:::wait-start, io:::wait-done), defined as
 * formulas over the kernel's block tracepoints (docs/formula-providers.md). args[0] is a
 * bufinfo_t *, args[1] a devinfo_t *, args[2] a fileinfo_t *, with the members DTrace for
 * Linux's io.d gives them:
 *
 *   start      a request is handed to the device driver (rawtp:block::block_rq_issue)
 *   done       the device completed (part of) a request (rawtp:block::block_rq_complete)
 *   wait-start a thread starts waiting for a bio (fbt::submit_bio_wait:entry); where the
 *              kernel refuses fentry programs: a thread goes to sleep in io_schedule(), the
 *              kernel's I/O wait (rawtp:::sched_entry_tp, __schedule()'s start, in the
 *              thread, with task_struct.in_iowait set; not a preemption)
 *   wait-done  the wait is over (fbt::submit_bio_wait:return); else the thread is back from
 *              that sleep (rawtp:::sched_exit_tp, __schedule()'s end, in the thread, with
 *              in_iowait still set: io_schedule() clears it after)
 *
 * start and done describe the same request alike (b_edev, b_blkno, b_bcount), so a script
 * may pair them (the Guide's iotime.d). The file: the block layer does not know which file a
 * request is for, so args[2] is "<none>", as in DTrace for Linux. wait-start and wait-done
 * are fbt probes where the kernel allows BPF trampolines (fentry/fexit); at wait-done the bio
 * is not among the probe's arguments, so its bufinfo_t and devinfo_t are empty. On the
 * scheduler's tracepoints neither names the I/O waited for (io_schedule() is given none):
 * bufinfo_t and devinfo_t are empty (b_flags 0, "<none>").
 */

typedef char *caddr_t;

typedef struct bufinfo {
	int b_flags;           /* B_READ or B_WRITE, B_ASYNC, B_PHYS or B_PAGEIO */
	size_t b_bcount;       /* the number of bytes */
	caddr_t b_addr;        /* the buffer's address: 0 (a request has no one buffer) */
	uint64_t b_lblkno;     /* the first block (512-byte sector) on the device */
	uint64_t b_blkno;      /* the same */
	size_t b_resid;        /* bytes not transferred: 0 */
	size_t b_bufsize;      /* the size of the buffer: b_bcount */
	caddr_t b_iodone;      /* the completion routine */
	int b_error;           /* 0 */
	dev_t b_edev;          /* the device (the kernel's dev_t) */
} bufinfo_t;

inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

/* Linux's request flags: the operation in the low byte (odd: a write), REQ_SYNC */
inline int REQ_OP_MASK = 0xff;
inline int REQ_SYNC = 0x800;
/* bio flag BIO_PAGE_PINNED (bit 0): the pages are a process's own, pinned (direct I/O) */
inline int BIO_PAGE_PINNED_FLAG = 0x1;

typedef struct devinfo {
	int dev_major;         /* the major number */
	int dev_minor;         /* the minor number */
	int dev_instance;      /* 0 */
	string dev_name;       /* the disk's name (vda, sda, loop0) */
	string dev_statname;   /* the disk's name, and the partition's number for a partition
			        * (vda, sda1, loop0: what losetup and /proc/diskstats call it) */
	string dev_pathname;   /* the device file (/dev/vda, /dev/sda1) */
} devinfo_t;

translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & REQ_OP_MASK) & 1 ? B_WRITE : B_READ) |
		(R->cmd_flags & REQ_SYNC ? 0 : B_ASYNC) |
		(R->bio != NULL && (R->bio->bi_flags & BIO_PAGE_PINNED_FLAG) ? B_PHYS : B_PAGEIO);
	b_bcount = R->__data_len;
	b_addr = 0;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = (caddr_t)R->end_io;
	b_error = 0;
	b_edev = R->part != NULL ? R->part->bd_dev : R->q->disk->part0->bd_dev;
};

translator devinfo_t < struct request *R > {
	dev_major = getmajor(R->part != NULL ? R->part->bd_dev : R->q->disk->part0->bd_dev);
	dev_minor = getminor(R->part != NULL ? R->part->bd_dev : R->q->disk->part0->bd_dev);
	dev_instance = 0;
	dev_name = stringof(R->q->disk->disk_name);
	dev_statname = R->part == NULL || getminor(R->part->bd_dev) == R->q->disk->first_minor
		? stringof(R->q->disk->disk_name)
		: strjoin(stringof(R->q->disk->disk_name),
			  lltostr(getminor(R->part->bd_dev) - R->q->disk->first_minor));
	dev_pathname = strjoin("/dev/", R->part == NULL ||
			       getminor(R->part->bd_dev) == R->q->disk->first_minor
		? stringof(R->q->disk->disk_name)
		: strjoin(stringof(R->q->disk->disk_name),
			  lltostr(getminor(R->part->bd_dev) - R->q->disk->first_minor)));
};

translator bufinfo_t < struct bio *B > {
	b_flags = B == NULL ? 0 : ((B->bi_opf & REQ_OP_MASK) & 1 ? B_WRITE : B_READ) |
		(B->bi_opf & REQ_SYNC ? 0 : B_ASYNC) |
		(B->bi_flags & BIO_PAGE_PINNED_FLAG ? B_PHYS : B_PAGEIO);
	b_bcount = B == NULL ? 0 : B->bi_iter.bi_size;
	b_addr = 0;
	b_lblkno = B == NULL ? 0 : B->bi_iter.bi_sector;
	b_blkno = B == NULL ? 0 : B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B == NULL ? 0 : B->bi_iter.bi_size;
	b_iodone = B == NULL ? 0 : (caddr_t)B->bi_end_io;
	b_error = 0;
	b_edev = B == NULL || B->bi_bdev == NULL ? 0 : B->bi_bdev->bd_dev;
};

translator devinfo_t < struct bio *B > {
	dev_major = B == NULL || B->bi_bdev == NULL ? 0 : getmajor(B->bi_bdev->bd_dev);
	dev_minor = B == NULL || B->bi_bdev == NULL ? 0 : getminor(B->bi_bdev->bd_dev);
	dev_instance = 0;
	dev_name = B == NULL || B->bi_bdev == NULL ? "<none>" : stringof(B->bi_bdev->bd_disk->disk_name);
	dev_statname = B == NULL || B->bi_bdev == NULL ? "<none>" :
		getminor(B->bi_bdev->bd_dev) == B->bi_bdev->bd_disk->first_minor
		? stringof(B->bi_bdev->bd_disk->disk_name)
		: strjoin(stringof(B->bi_bdev->bd_disk->disk_name),
			  lltostr(getminor(B->bi_bdev->bd_dev) - B->bi_bdev->bd_disk->first_minor));
	dev_pathname = B == NULL || B->bi_bdev == NULL ? "<none>" :
		getminor(B->bi_bdev->bd_dev) == B->bi_bdev->bd_disk->first_minor
		? strjoin("/dev/", stringof(B->bi_bdev->bd_disk->disk_name))
		: strjoin("/dev/", strjoin(stringof(B->bi_bdev->bd_disk->disk_name),
					   lltostr((getminor(B->bi_bdev->bd_dev) - B->bi_bdev->bd_disk->first_minor))));
};

/* (0 rather than NULL below: a word a declaration ends with pulls this library into programs
 * that use it, dlib.h) */
provider io {
	probe start(bufinfo_t *, devinfo_t *, fileinfo_t *) =
		rawtp:block::block_rq_issue(struct request *rq) :
			(rq, rq, (struct file *)0);
	probe done(bufinfo_t *, devinfo_t *, fileinfo_t *) =
		rawtp:block::block_rq_complete(struct request *rq, int error, unsigned int nbytes) :
			(rq, rq, (struct file *)0);
	probe wait__start(bufinfo_t *, devinfo_t *, fileinfo_t *) =
		fbt:vmlinux:submit_bio_wait:entry(struct bio *bio) :
			(bio, bio, (struct file *)0)
	else
		rawtp:::sched_entry_tp(bool preempt) / curthread->in_iowait && !preempt / :
			((struct bio *)0, (struct bio *)0, (struct file *)0);
	probe wait__done(bufinfo_t *, devinfo_t *, fileinfo_t *) =
		fbt:vmlinux:submit_bio_wait:return() :
			((struct bio *)0, (struct bio *)0, (struct file *)0)
	else
		rawtp:::sched_exit_tp(bool is_switch) / curthread->in_iowait / :
			((struct bio *)0, (struct bio *)0, (struct file *)0);
};
