/* stash_check — decode one stash record file (stash_codec.h) as usdtrace and usdtraced do, for
 * tests: prints "object DEV-INO version V sites N" or "process PID-START objects N" and exits 0,
 * or prints the decoder's refusal and exits 1.
 *   stash_check --encode ELF OUT   write ELF's parsed probes as an object record (fuzz seeds)
 *   stash_check --encode-self OUT  write this process's objects as a process record */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "stash_codec.h"
#include "util.h"

static int write_file(const char *path, const struct strbuf *b)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(b->s, 1, b->len, f) != b->len || fclose(f) != 0) {
		perror(path);
		return 1;
	}
	return 0;
}

static int encode(int argc, char **argv)
{
	struct strbuf b = {0};
	char err[512];
	if (strcmp(argv[1], "--encode") == 0 && argc == 4) {
		struct usdt_file *f;
		if (usdt_file_open(argv[2], &f, err, sizeof(err)) != 0) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		struct stash_stamp st = { f->dev, f->ino, 0, 0, 0 };
		stash_encode_object(&b, &st, f);
		usdt_file_free(f);
		return write_file(argv[3], &b);
	}
	if (strcmp(argv[1], "--encode-self") == 0 && argc == 3) {
		struct proc_maps *m;
		if (proc_maps_read(getpid(), &m, err, sizeof(err)) != 0) {
			fprintf(stderr, "%s\n", err);
			return 1;
		}
		struct stash_proc p = { m->pid, 1, m->nobjs, m->objs };
		stash_encode_proc(&b, &p);
		int rc = write_file(argv[2], &b);
		proc_maps_free(m);
		return rc;
	}
	fprintf(stderr, "usage: stash_check FILE | --encode ELF OUT | --encode-self OUT\n");
	return 2;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && strncmp(argv[1], "--", 2) == 0)
		return encode(argc, argv);
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
