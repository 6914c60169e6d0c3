/* stash_check — decode one stash record file (stash_codec.h) as usdtrace and usdtraced do, for
 * tests: prints "object DEV-INO version V sites N" or "process PID-START objects N" and exits 0,
 * or prints the decoder's refusal and exits 1. */
#include <stdio.h>
#include <stdlib.h>

#include "stash_codec.h"
#include "util.h"

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: stash_check FILE\n");
		return 2;
	}
	size_t len;
	char *buf = util_read_file(argv[1], &len);
	if (!buf) {
		perror(argv[1]);
		return 1;
	}
	char err[256];
	struct stash_stamp st;
	struct usdt_file *f;
	struct stash_proc p;
	int rc = 1;
	if (stash_decode_object(buf, len, &st, &f, err, sizeof(err)) == 0) {
		printf("object %llx-%llu version %u sites %d\n", (unsigned long long)st.dev,
		       (unsigned long long)st.ino, stash_record_version(buf, len), f->nsites);
		usdt_file_free(f);
		rc = 0;
	} else if (stash_decode_proc(buf, len, &p, NULL, 0) == 0) {
		printf("process %d-%llu objects %d\n", (int)p.pid, (unsigned long long)p.start_time,
		       p.nobjs);
		stash_proc_free(&p);
		rc = 0;
	} else {
		printf("refused: %s\n", err);
	}
	free(buf);
	return rc;
}
