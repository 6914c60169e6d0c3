/* dtag.h — the D compiler's error tags: libdtrace's names for the kinds of compile error
 * (D_SYNTAX, D_PROTO_LEN, ...), which `-x errtags` prints before each message. The list is
 * dtag_table.h's: the enum here and the names and meanings in dtag.c are made from it.
 * An error carries its tag as data (derr.h's struct derr); DTAG_NONE marks an error that is
 * none of the compiler's (options, cpp, files), which has no tag to show. */
#ifndef USDTRACE_DTAG_H
#define USDTRACE_DTAG_H

enum dtag {
	DTAG_NONE = -1,
#define DTAG(name, meaning) name,
#include "dtag_table.h"
#undef DTAG
	DTAG_COUNT
};

/* The tag's name, "D_SYNTAX"; "D_UNKNOWN" for a value out of range (DTAG_NONE too). */
const char *dtag_name(enum dtag tag);

/* What the tag means, in a line ("the input does not follow D's grammar"); "" out of range. */
const char *dtag_meaning(enum dtag tag);

#endif
