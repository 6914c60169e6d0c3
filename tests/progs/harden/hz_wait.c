/* hz_wait.c — a program with one probe that waits, for the hardening tests (tests/sh/harden_*.sh).
 *   hz_wait READY [SECONDS]   fire hz:::start, create the file READY, sleep SECONDS (default 30)
 * Built statically by the tests, so that it runs alone in a chroot directory. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <usdtrace/sdt.h>

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	USDT(hz, start, argc);
	int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd >= 0)
		close(fd);
	sleep(argc > 2 ? (unsigned)atoi(argv[2]) : 30);
	USDT(hz, done);
	return 0;
}
