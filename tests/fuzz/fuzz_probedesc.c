/* fuzz_probedesc.c — probe descriptions (probedesc.c): the first byte picks the option the text
 * comes from (-n, -P, -m, -f); a description that parses is matched against a few probes, and
 * its fields are used as globs. */
#include "fuzz.h"
#include "derr.h"
#include "probedesc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	static const char kinds[] = "nPmf";
	char *text = fuzz_cstr(data + 1, size - 1);
	struct probedesc d;
	struct derr err;
	if (probedesc_parse(text, kinds[data[0] % 4], &d, &err) == 0) {
		probedesc_match(&d, "usdt", 42, "python3.11", "main", "function__entry");
		probedesc_match(&d, "syscall", 0, "vmlinux", "read", "entry");
		probedesc_match_provider(d.prov, "python", 1234);
		probedesc_glob(d.name, "query__start", true);
		probedesc_glob(d.func, d.mod, false);
		probedesc_is_glob(d.prov);
		free(probedesc_display_name(d.name));
		probedesc_free(&d);
	}
	free(text);
	return 0;
}
