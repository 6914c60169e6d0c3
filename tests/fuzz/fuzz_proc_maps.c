/* fuzz_proc_maps.c — the /proc/PID/maps line parser (proc_maps_line_parse), line by line as
 * proc_maps_read splits the file. */
#include "fuzz.h"
#include "proc_maps.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	for (char *line = text, *next; line && *line; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		struct proc_maps_line ml;
		if (proc_maps_line_parse(line, &ml) != 0)
			continue;
		if (ml.path[0] == '\0' || ml.path[strlen(ml.path) - 1] == '\n')
			abort(); /* the contract: a path, the line's rest, NUL-terminated */
	}
	free(text);
	return 0;
}
