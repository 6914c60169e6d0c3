/*
 * io.d — usdtrace D library: fileinfo_t, what DTrace's io provider and its fds[] array tell of
 * an open file, and fds[fd], the current thread's open file fd as a fileinfo_t:
 * `syscall::read:entry { @[fds[arg0].fi_pathname] = count(); }`.
 *
 * Paths come from d_path() (a walk of the file's dentries up to the root). fi_mount is
 * "<unknown>" as DTrace for Linux leaves it; a descriptor that is not open gives "<none>" and
 * zeros.
 */

typedef struct fileinfo {
	string fi_name;        /* the file's name, its last path component */
	string fi_dirname;     /* the directory it is in */
	string fi_pathname;    /* its path */
	int64_t fi_offset;     /* the file offset */
	string fi_fs;          /* the file system's type name */
	string fi_mount;       /* the mount point: "<unknown>" */
	int fi_oflags;         /* the open flags (O_RDONLY ...) */
} fileinfo_t;

translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : basename(d_path(&F->f_path));
	fi_dirname = F == NULL ? "<none>" : dirname(d_path(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : d_path(&F->f_path);
	fi_offset = F == NULL ? 0 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : "<unknown>";
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
	fd >= 0 && fd < curthread->files->fdt->max_fds ?
	curthread->files->fdt->fd[fd] : (struct file *)NULL);
