/* fuzz_stash.c — the stash record decoder (stash_codec.c) that usdtrace and usdtraced run on
 * the files of DIR/objects and DIR/procs: the input as an object record and as a process
 * record, as it is and with its header's length and checksum made right (so mutations get past
 * the checksum to the field checks). A record that decodes must encode back to the same bytes
 * (the format has one spelling of each record). */
#include "fuzz.h"
#include "stash_codec.h"

static uint64_t fnv64(const uint8_t *p, size_t n)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < n; i++)
		h = (h ^ p[i]) * 1099511628211ull;
	return h;
}

static void decode(const uint8_t *data, size_t size)
{
	struct stash_stamp st;
	struct usdt_file *f;
	char err[256];
	if (stash_decode_object(data, size, &st, &f, err, sizeof(err)) == 0) {
		struct strbuf b = {0};
		stash_encode_object(&b, &st, f);
		if (b.len != size || memcmp(b.s, data, size) != 0)
			abort();
		strbuf_free(&b);
		usdt_file_free(f);
	}
	struct stash_proc p;
	if (stash_decode_proc(data, size, &p, err, sizeof(err)) == 0) {
		struct strbuf b = {0};
		stash_encode_proc(&b, &p);
		if (b.len != size || memcmp(b.s, data, size) != 0)
			abort();
		strbuf_free(&b);
		stash_proc_free(&p);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	decode(data, size);
	if (size < STASH_HDR_SIZE)
		return 0;
	uint8_t *copy = malloc(size);
	memcpy(copy, data, size);
	uint64_t len = size - STASH_HDR_SIZE, sum = fnv64(copy + STASH_HDR_SIZE, len);
	for (int i = 0; i < 8; i++) {
		copy[16 + i] = (uint8_t)(len >> (8 * i));
		copy[24 + i] = (uint8_t)(sum >> (8 * i));
	}
	decode(copy, size);
	free(copy);
	return 0;
}
