/* stw_dof_main — fires the stwd provider forever; built twice (stapsdt and -G -x dof). */
#include <fcntl.h>
#include <unistd.h>
#include "stw_dof.h"

int main(int argc, char **argv)
{
	if (argc > 1) {
		int fd = open(argv[1], O_WRONLY | O_CREAT, 0644);
		if (fd >= 0)
			close(fd);
	}
	for (long i = 0;; i++) {
		if (STWD_GO_ENABLED())
			STWD_GO((int)i, "x");
		STWD_DONE(i);
		usleep(50000);
	}
}
