/* dtag.c — names and meanings of the D compiler's error tags, from dtag_table.h. */
#include "dtag.h"

static const char *const names[DTAG_COUNT] = {
#define DTAG(name, meaning) [name] = #name,
#include "dtag_table.h"
#undef DTAG
};

static const char *const meanings[DTAG_COUNT] = {
#define DTAG(name, meaning) [name] = meaning,
#include "dtag_table.h"
#undef DTAG
};

const char *dtag_name(enum dtag tag)
{
	if ((unsigned)tag >= DTAG_COUNT)
		tag = D_UNKNOWN;
	return names[tag];
}

const char *dtag_meaning(enum dtag tag)
{
	return (unsigned)tag < DTAG_COUNT ? meanings[tag] : "";
}
