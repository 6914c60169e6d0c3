/* dversion.c — D language versions and the built-in identifiers each introduced. */
#include "dversion.h"

#include <stdlib.h>
#include <string.h>

/* The identifiers that came after D 1.0, with their version. Asked of DTrace for Linux: with
 * -xversion one below, each is "undefined function name: X" (or, for a variable, "failed to
 * resolve X: Unknown variable name"); at its own version it compiles. */
static const struct {
	const char *name;
	uint32_t version;
} later[] = {
	{"freopen", DVERSION(1, 1, 0)},  {"index", DVERSION(1, 1, 0)},
	{"rindex", DVERSION(1, 1, 0)},   {"strchr", DVERSION(1, 1, 0)},
	{"strrchr", DVERSION(1, 1, 0)},  {"strstr", DVERSION(1, 1, 0)},
	{"strtok", DVERSION(1, 1, 0)},   {"substr", DVERSION(1, 1, 0)},
	{"func", DVERSION(1, 2, 0)},     {"mod", DVERSION(1, 2, 0)},
	{"setopt", DVERSION(1, 2, 0)},   {"sym", DVERSION(1, 2, 0)},
	{"uaddr", DVERSION(1, 2, 0)},    {"ufunc", DVERSION(1, 2, 0)},
	{"umod", DVERSION(1, 2, 0)},     {"usym", DVERSION(1, 2, 0)},
	{"ucaller", DVERSION(1, 2, 0)},  {"ustackdepth", DVERSION(1, 2, 0)},
	{"htonl", DVERSION(1, 3, 0)},    {"htonll", DVERSION(1, 3, 0)},
	{"htons", DVERSION(1, 3, 0)},    {"ntohl", DVERSION(1, 3, 0)},
	{"ntohll", DVERSION(1, 3, 0)},   {"ntohs", DVERSION(1, 3, 0)},
	{"inet_ntoa", DVERSION(1, 5, 0)}, {"inet_ntoa6", DVERSION(1, 5, 0)},
	{"inet_ntop", DVERSION(1, 5, 0)}, {"link_ntop", DVERSION(1, 5, 0)},
	{"stddev", DVERSION(1, 6, 0)},   {"llquantize", DVERSION(1, 6, 4)},
	{"pcap", DVERSION(1, 6, 4)},     {"print", DVERSION(2, 0, 0)},
};

int dversion_parse(const char *s, uint32_t *out)
{
	static const unsigned long max[] = {0xff, 0xfff, 0xfff};
	unsigned long part[3] = {0, 0, 0};
	int n = 0;
	for (; *s; s++) {
		if (*s >= '0' && *s <= '9') {
			/* a part already too large stays so (no overflow on long digit runs) */
			if (part[n] <= max[n])
				part[n] = part[n] * 10 + (unsigned long)(*s - '0');
		} else if (*s != '.' || ++n > 2) {
			return -1;
		}
	}
	for (int i = 0; i < 3; i++)
		if (part[i] > max[i])
			return -1;
	*out = DVERSION(part[0], part[1], part[2]);
	return 0;
}

uint32_t dversion_of(const char *name)
{
	for (size_t i = 0; i < sizeof(later) / sizeof(later[0]); i++)
		if (strcmp(later[i].name, name) == 0)
			return later[i].version;
	return DVERSION(1, 0, 0);
}

bool dversion_hides(uint32_t level, const char *name)
{
	return level != 0 && name != NULL && dversion_of(name) > level;
}
