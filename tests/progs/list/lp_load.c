/* lp_load.c — loads liblp.so the awkward ways, then waits to be killed:
 *   lp_load deleted LIB READYFILE   dlopen(LIB), then unlink it: maps shows "LIB (deleted)"
 *   lp_load memfd LIB READYFILE     copy LIB into a memfd, dlopen("/proc/self/fd/N"):
 *                                   maps shows "/memfd:liblp (deleted)"
 * READYFILE is created once the library is loaded. */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int copy_to_memfd(const char *path)
{
	int in = open(path, O_RDONLY);
	if (in < 0)
		return -1;
	int fd = memfd_create("liblp", 0);
	char buf[65536];
	ssize_t n;
	while (fd >= 0 && (n = read(in, buf, sizeof(buf))) > 0) {
		if (write(fd, buf, (size_t)n) != n) {
			close(fd);
			fd = -1;
		}
	}
	close(in);
	return fd;
}

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: lp_load deleted|memfd LIB READYFILE\n");
		return 2;
	}
	void *h = NULL;
	if (strcmp(argv[1], "deleted") == 0) {
		h = dlopen(argv[2], RTLD_NOW);
		if (h && unlink(argv[2]) != 0) {
			perror(argv[2]);
			return 1;
		}
	} else if (strcmp(argv[1], "memfd") == 0) {
		int fd = copy_to_memfd(argv[2]);
		if (fd < 0) {
			perror("memfd");
			return 1;
		}
		char p[64];
		snprintf(p, sizeof(p), "/proc/self/fd/%d", fd);
		h = dlopen(p, RTLD_NOW);
	}
	if (!h) {
		fprintf(stderr, "lp_load: %s\n", dlerror());
		return 1;
	}
	int fd = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0) {
		perror(argv[3]);
		return 1;
	}
	close(fd);
	for (;;)
		pause();
}
