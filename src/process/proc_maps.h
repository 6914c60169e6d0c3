/* proc_maps.h — the ELF objects mapped into a running process, from /proc/PID/maps.
 *
 * Contract: one entry per distinct (device, inode), in order of first mapping, including deleted
 * files and memfd mappings. `open_path` is a path this process can open to read the object's
 * bytes even when the file was deleted, lives in another mount namespace, or is a memfd: it is
 * /proc/PID/map_files/START-END when that is readable, else /proc/PID/root/PATH, to be opened with
 * proc_path_open (proc_path.h), which resolves it inside the process's root. Anonymous
 * mappings, [vdso] and friends, and non-ELF files are left out (ELF-ness is checked by reading
 * the first four bytes). A pid that does not exist or exits while being read is an error
 * ("no such process"), never a crash. */
#ifndef USDTRACE_PROC_MAPS_H
#define USDTRACE_PROC_MAPS_H
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct proc_object {
	char *path;           /* as /proc/PID/maps shows it, without " (deleted)" */
	char *open_path;      /* see above */
	char *module;         /* basename of path: the probe tuple's module */
	dev_t dev;
	ino_t ino;
	int deleted;          /* maps said "(deleted)" */
	uint64_t start;       /* lowest mapped address of this object */
	uint64_t start_off;   /* file offset mapped at `start` */
	uint64_t end;         /* highest mapped address + 1 */
};

struct proc_maps {
	pid_t pid;
	int nobjs;
	struct proc_object *objs;
};

int proc_maps_read(pid_t pid, struct proc_maps **out, char *errbuf, size_t errlen);

/* One line of /proc/PID/maps ("START-END PERMS OFF MAJ:MIN INODE   PATH"), parsed in place (for
 * proc_maps_read; on its own for the fuzzer). Returns 0, or -1 when the line is not a file
 * mapping we care about (malformed, inode 0: anonymous, [heap], [vdso]...). */
/* One line of /proc/PID/maps. */
struct proc_maps_line {
	uint64_t start, end, off;
	unsigned dev_major, dev_minor;
	uint64_t ino;
	const char *path;     /* points into the line; NUL-terminated by the parser */
};
/* Parses one maps line (without its newline): 0 with *ml filled for a mapping of a file (an
 * inode, a path not in brackets; a deleted file keeps its " (deleted)"), -1 otherwise. */
int proc_maps_line_parse(char *line, struct proc_maps_line *ml);
void proc_maps_free(struct proc_maps *m);

/* Where in a mapped file the code at addr of this process lives (the mapping of
 * /proc/self/maps holding it gives the file and the offset): 0 and path/off, or -1. Works
 * for stripped binaries and shared libraries alike. */
int proc_self_code_location(uintptr_t addr, char *path, size_t pathlen, uint64_t *off);

/* All pids on the machine (from /proc), ascending. Returns count; *pids malloc'd. */
int proc_list_pids(pid_t **pids);

/* fn(maps, arg) for every process on the machine, in pid order, skipping those that vanish
 * while being read. */
void proc_maps_foreach(void (*fn)(const struct proc_maps *m, void *arg), void *arg);
#endif
