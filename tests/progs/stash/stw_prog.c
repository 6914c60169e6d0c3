/* stw_prog — a probe-carrying program for tests/sh/usdtraced.sh:
 *   stw_prog READY            fire stwprog:::tick forever (until killed)
 *   stw_prog READY dlopen LIB   after 0.3 s dlopen LIB, then the same
 *   stw_prog READY exec          after 0.3 s exec /bin/sleep 60 (no probes)
 * READY is created once the program runs (and after the dlopen or before the exec). */
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <usdtrace/sdt.h>

static void ready(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);
	if (fd >= 0)
		close(fd);
}

int main(int argc, char **argv)
{
	if (argc >= 4 && strcmp(argv[2], "dlopen") == 0) {
		usleep(300000);
		if (!dlopen(argv[3], RTLD_NOW)) {
			fprintf(stderr, "%s\n", dlerror());
			return 1;
		}
	}
	if (argc >= 3 && strcmp(argv[2], "exec") == 0) {
		usleep(300000);
		ready(argv[1]);
		execl("/bin/sleep", "sleep", "60", (char *)0);
		return 1;
	}
	if (argc >= 2)
		ready(argv[1]);
	for (long i = 0;; i++) {
		DTRACE_PROBE1(stwprog, tick, i);
		usleep(50000);
	}
}
