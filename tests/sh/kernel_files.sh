# tier: full
# kernel_files.sh — d_path() and fds[] (io.d's fileinfo_t): a program opens known files and
# reports what the kernel says of each (readlink of /proc/self/fd/N, the flags of
# /proc/self/fdinfo/N, its offset) before it marks each descriptor with an ioctl() the tracer
# watches; the tracer's fds[fd] must agree, field by field.
. "$TOP/tests/sh/lib.sh"
sdt_workdir
if ! sdt_is_root; then
	skip kernel-files "needs root"
	exit 0
fi
mkdir -p "$W/a/b/c/d/e/f"
: >"$W/a/b/c/d/e/f/data.txt"
cat >"$W/files.c" <<'EOF'
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	int fds[3];
	fds[0] = open("/proc/self/status", O_RDONLY);
	fds[1] = open(argv[1], O_RDWR | O_APPEND);
	fds[2] = open("/dev/null", O_WRONLY);
	if (write(fds[1], "0123456789", 10) != 10 || lseek(fds[1], 5, SEEK_SET) != 5)
		return 1;
	FILE *rep = fopen(argv[2], "w");
	for (int i = 0; i < 3; i++) {
		char link[64], path[4096] = "", info[64], line[256];
		snprintf(link, sizeof(link), "/proc/self/fd/%d", fds[i]);
		ssize_t n = readlink(link, path, sizeof(path) - 1);
		path[n > 0 ? n : 0] = '\0';
		snprintf(info, sizeof(info), "/proc/self/fdinfo/%d", fds[i]);
		FILE *f = fopen(info, "r");
		unsigned long pos = 0, flags = 0;
		while (f && fgets(line, sizeof(line), f)) {
			sscanf(line, "pos: %lu", &pos);
			sscanf(line, "flags: %lo", &flags);
		}
		if (f)
			fclose(f);
		const char *slash = strrchr(path, '/');
		fprintf(rep, "%d %s %s %lu %lx\n", fds[i], path, slash ? slash + 1 : path, pos, flags);
	}
	fclose(rep);
	for (int i = 0; i < 3; i++)
		ioctl(fds[i], 0x7fff1234, NULL);
	return 0;
}
EOF
if ! cc -O1 -o "$W/files" "$W/files.c" 2>"$W/cc.err"; then
	notok kernel-files "$(head -c 300 "$W/cc.err")"
	exit 0
fi
timeout 60 "$USDTRACE" -q -c "$W/files $W/a/b/c/d/e/f/data.txt $W/rep" -n '
syscall::ioctl:entry /pid == $target && arg1 == 0x7fff1234/ {
	printf("%d %s %s %d %x\n", arg0, fds[arg0].fi_pathname, fds[arg0].fi_name,
	    fds[arg0].fi_offset, fds[arg0].fi_oflags);
	printf("dir %d %s\n", arg0, fds[arg0].fi_dirname);
	printf("fs %d %s\n", arg0, fds[arg0].fi_fs);
	printf("mount %d %s\n", arg0, fds[arg0].fi_mount);
}
syscall::ioctl:entry /pid == $target && arg1 == 0x7fff1234 && arg0 == 3/ {
	printf("none %s %s %d\n", fds[-1].fi_pathname, fds[1000000].fi_name, fds[999].fi_offset);
}' >"$W/out" 2>"$W/err"
rc=$?
got=$(awk 'NF == 5 && $1 ~ /^[0-9]+$/' "$W/out")
want=$(cat "$W/rep")
if [ $rc -eq 0 ] && [ -n "$got" ] && [ "$got" = "$want" ]; then
	ok kernel-files-fds
else
	notok kernel-files-fds "rc $rc, got [$got] want [$want] $(head -c 300 "$W/err")"
fi
d4=$(awk '$1 == "dir" && $2 == 4 { print $3 }' "$W/out")
if [ "$d4" = "$W/a/b/c/d/e/f" ]; then
	ok kernel-files-dirname
else
	notok kernel-files-dirname "[$d4]"
fi
# file system types, as the mount table knows them (findmnt)
fs3=$(awk '$1 == "fs" && $2 == 3 { print $3 }' "$W/out")
fs5=$(awk '$1 == "fs" && $2 == 5 { print $3 }' "$W/out")
if [ "$fs3" = "$(findmnt -n -o FSTYPE -T /proc/self/status)" ] &&
	[ "$fs5" = "$(findmnt -n -o FSTYPE -T /dev/null)" ]; then
	ok kernel-files-fs
else
	notok kernel-files-fs "proc fd: [$fs3], /dev/null: [$fs5]"
fi
# mount points, as the mount table knows them (findmnt -T: the mount a path is on)
m3=$(awk '$1 == "mount" && $2 == 3 { print $3 }' "$W/out")
m4=$(awk '$1 == "mount" && $2 == 4 { print $3 }' "$W/out")
m5=$(awk '$1 == "mount" && $2 == 5 { print $3 }' "$W/out")
if [ "$m3" = "$(findmnt -n -o TARGET -T /proc/self/status)" ] && [ "$m3" != / ] &&
	[ "$m4" = "$(findmnt -n -o TARGET -T "$W/a/b/c/d/e/f/data.txt")" ] &&
	[ "$m5" = "$(findmnt -n -o TARGET -T /dev/null)" ]; then
	ok kernel-files-mount
else
	notok kernel-files-mount "proc fd: [$m3], data.txt: [$m4], /dev/null: [$m5]"
fi
if grep -q '^none <none> <none> 0$' "$W/out"; then
	ok kernel-files-not-open
else
	notok kernel-files-not-open "$(grep '^none' "$W/out")"
fi

# d_path() keeps the last strsize characters of a longer path
timeout 60 "$USDTRACE" -q -x strsize=12 -c "$W/files $W/a/b/c/d/e/f/data.txt $W/rep2" -n '
syscall::ioctl:entry /pid == $target && arg1 == 0x7fff1234 && arg0 == 4/ {
	printf("%s\n", d_path(&curthread->files->fdt->fd[arg0]->f_path)); }' >"$W/short" 2>&1
if [ "$(sed '/^$/d' "$W/short")" = "/f/data.txt" ]; then
	ok kernel-files-d-path-strsize
else
	notok kernel-files-d-path-strsize "[$(cat "$W/short")]"
fi

# a path that cannot be read is a fault at its address, as any bad read is
out=$(timeout 30 "$USDTRACE" -q -n 'BEGIN { trace(d_path((struct path *)0)); exit(0); }
ERROR { printf("fault %d %d\n", arg4, arg5); exit(0); }' 2>/dev/null)
if [ "$(echo "$out" | sed '/^$/d')" = "fault 1 0" ]; then
	ok kernel-files-d-path-fault
else
	notok kernel-files-d-path-fault "[$out]"
fi
