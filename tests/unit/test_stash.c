/* test_stash.c — the stash record format (stash_codec.h): real objects' parsed probes survive
 * encoding and decoding unchanged, and damaged records are refused without reading out of
 * bounds (the ASan build runs the same cases). */
#include "t.h"

#include <stdint.h>

#include "stash_codec.h"
#include "usdt_note.h"
#include "util.h"

static const char *const objects[] = {
	"/usr/bin/python3.11",                        /* 60-odd stapsdt probes */
	"/usr/lib/x86_64-linux-gnu/libstdc++.so.6",   /* probes in exported functions */
};

static uint64_t fnv64(const unsigned char *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

/* Write the payload's checksum into the header again, so a mutation reaches the field
 * checks instead of stopping at the checksum. */
static void reseal(unsigned char *b, size_t len)
{
	uint64_t h = fnv64(b + STASH_HDR_SIZE, len - STASH_HDR_SIZE);
	for (int i = 0; i < 8; i++)
		b[24 + i] = (unsigned char)(h >> (8 * i));
}

static struct stash_stamp stamp = { 0xfe00, 1234, 99, 111, 222 };

T_CASE(object_round_trip)
{
	for (size_t i = 0; i < sizeof(objects) / sizeof(objects[0]); i++) {
		struct usdt_file *f, *g;
		char err[256];
		T_EQ_INT(usdt_file_open(objects[i], &f, err, sizeof(err)), 0);
		if (!f)
			return;
		T_CHECK(f->nsites > 0);
		struct strbuf a = {0}, b = {0};
		stash_encode_object(&a, &stamp, f);
		struct stash_stamp st;
		T_EQ_INT(stash_decode_object(a.s, a.len, &st, &g, err, sizeof(err)), 0);
		if (!g)
			return;
		T_CHECK(memcmp(&st, &stamp, sizeof(st)) == 0);
		stash_encode_object(&b, &st, g);
		T_EQ_INT(b.len, a.len);
		T_CHECK(a.len == b.len && memcmp(a.s, b.s, a.len) == 0);
		/* spot checks against the parse itself */
		T_EQ_INT(g->nsites, f->nsites);
		T_EQ_STR(g->sites[0].provider, f->sites[0].provider);
		T_EQ_STR(g->sites[0].name, f->sites[0].name);
		T_EQ_UINT(g->sites[0].pc_off, f->sites[0].pc_off);
		T_EQ_INT(g->sites[0].nargs, f->sites[0].nargs);
		if (f->sites[0].function)
			T_EQ_STR(g->sites[0].function, f->sites[0].function);
		if (g->sites[0].nargs)
			T_EQ_INT(g->sites[0].args[0].kind, f->sites[0].args[0].kind);
		T_EQ_INT(g->nsegs, f->nsegs);
		T_CHECK(g->pending == NULL);
		usdt_file_free(g);
		usdt_file_free(f);
		strbuf_free(&a);
		strbuf_free(&b);
	}
}

static void encoded(const char *path, struct strbuf *out)
{
	struct usdt_file *f;
	char err[256];
	if (usdt_file_open(path, &f, err, sizeof(err)) != 0)
		return;
	stash_encode_object(out, &stamp, f);
	usdt_file_free(f);
}

T_CASE(truncated_refused)
{
	struct strbuf a = {0};
	encoded(objects[1], &a);
	T_CHECK(a.len > STASH_HDR_SIZE);
	for (size_t n = 0; n < a.len; n++) {
		unsigned char *copy = xmalloc(n + 1);   /* exactly n bytes readable for ASan */
		memcpy(copy, a.s, n);
		struct usdt_file *g;
		struct stash_stamp st;
		char err[256];
		int rc = stash_decode_object(copy, n, &st, &g, err, sizeof(err));
		free(copy);
		if (rc == 0) {
			T_FAIL_("a record cut to %zu of %zu bytes was accepted", n, a.len);
			usdt_file_free(g);
			break;
		}
	}
	strbuf_free(&a);
}

T_CASE(flipped_byte_refused_by_checksum)
{
	struct strbuf a = {0};
	encoded(objects[1], &a);
	for (size_t i = STASH_HDR_SIZE; i < a.len; i++) {
		a.s[i] ^= 0x41;
		struct usdt_file *g;
		struct stash_stamp st;
		char err[256];
		int rc = stash_decode_object(a.s, a.len, &st, &g, err, sizeof(err));
		a.s[i] ^= 0x41;
		if (rc == 0) {
			T_FAIL_("a flip of byte %zu was accepted", i);
			usdt_file_free(g);
			break;
		}
		if (!strstr(err, "checksum")) {
			T_FAIL_("a flip of byte %zu: %s", i, err);
			break;
		}
	}
	strbuf_free(&a);
}

/* With the checksum made right, every mutated field meets the decoder's own checks: it either
 * decodes to something complete or refuses; it never crashes or reads past the record. */
T_CASE(resealed_mutations_checked)
{
	struct strbuf a = {0};
	encoded(objects[1], &a);
	int refused = 0, accepted = 0;
	for (size_t i = STASH_HDR_SIZE; i < a.len; i++) {
		static const unsigned char masks[] = { 0x01, 0x80, 0xff };
		for (size_t m = 0; m < sizeof(masks); m++) {
			unsigned char *copy = xmalloc(a.len);
			memcpy(copy, a.s, a.len);
			copy[i] ^= masks[m];
			reseal(copy, a.len);
			struct usdt_file *g;
			struct stash_stamp st;
			char err[256];
			if (stash_decode_object(copy, a.len, &st, &g, err, sizeof(err)) == 0) {
				accepted++;
				usdt_file_free(g);
			} else {
				refused++;
			}
			free(copy);
		}
	}
	/* counts and lengths are everywhere: most mutations must be caught */
	T_CHECK(refused > 0);
	T_CHECK(accepted > 0);   /* a flipped address or letter is still a well-formed record */
	strbuf_free(&a);
}

T_CASE(other_version_and_kind_refused)
{
	struct strbuf a = {0};
	encoded(objects[1], &a);
	struct usdt_file *g;
	struct stash_stamp st;
	char err[256];
	T_EQ_UINT(stash_record_version(a.s, a.len), STASH_FORMAT_VERSION);
	a.s[8] = (char)(STASH_FORMAT_VERSION - 1);   /* an older format: never trusted */
	T_EQ_INT(stash_decode_object(a.s, a.len, &st, &g, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "format version 0") != NULL);
	a.s[8] = (char)STASH_FORMAT_VERSION;
	struct stash_proc p;
	T_EQ_INT(stash_decode_proc(a.s, a.len, &p, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "kind 1 where kind 2") != NULL);
	memcpy(a.s, "USDTSTSX", 8);
	T_EQ_INT(stash_decode_object(a.s, a.len, &st, &g, err, sizeof(err)), -1);
	T_CHECK(strstr(err, "bad magic") != NULL);
	T_EQ_UINT(stash_record_version(a.s, a.len), 0);
	strbuf_free(&a);
}

T_CASE(process_round_trip)
{
	struct proc_object objs[2] = {
		{ .path = "/usr/bin/python3.11", .open_path = "/proc/42/map_files/1000-2000",
		  .module = "python3.11", .dev = 0xfe00, .ino = 77, .start = 0x1000,
		  .start_off = 0, .end = 0x2000 },
		{ .path = "/tmp/x.so", .open_path = "/proc/42/root/tmp/x.so", .module = "x.so",
		  .dev = 0xfe01, .ino = 78, .deleted = 1, .start = 0x5000, .start_off = 0x1000,
		  .end = 0x9000 },
	};
	struct stash_proc p = { .pid = 42, .start_time = 123456, .nobjs = 2, .objs = objs }, q;
	struct strbuf a = {0};
	stash_encode_proc(&a, &p);
	char err[256];
	T_EQ_INT(stash_decode_proc(a.s, a.len, &q, err, sizeof(err)), 0);
	T_EQ_INT(q.pid, 42);
	T_EQ_UINT(q.start_time, 123456);
	T_EQ_INT(q.nobjs, 2);
	if (q.nobjs == 2) {
		T_EQ_STR(q.objs[1].open_path, "/proc/42/root/tmp/x.so");
		T_EQ_INT(q.objs[1].deleted, 1);
		T_EQ_UINT(q.objs[1].end, 0x9000);
		T_EQ_STR(q.objs[0].module, "python3.11");
	}
	stash_proc_free(&q);
	/* every truncation refused */
	for (size_t n = 0; n < a.len; n++)
		if (stash_decode_proc(a.s, n, &q, err, sizeof(err)) == 0) {
			T_FAIL_("cut to %zu bytes accepted", n);
			stash_proc_free(&q);
			break;
		}
	strbuf_free(&a);
}

T_MAIN()
