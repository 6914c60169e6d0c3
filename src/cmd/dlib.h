/* dlib.h — D libraries: the `.d` files of the -L directories, compiled into a program before
 * its own sources, as dtrace loads its libraries.
 *
 * Contract: dlib_load parses every `*.d` file of each directory (in the directories' order,
 * names sorted within one) into g with g->library set, in dependency order: a library's
 * `#pragma D depends_on library NAME` names another file of the same directory, which is
 * loaded first. Libraries may declare (inlines, types, variables, providers) but hold no probe
 * clauses. Returns 0, or -1 having printed dtrace's message ("Invalid library dependency in
 * DIR/liba.d: DIR/libx.d", a cycle, a library that does not compile). A directory that cannot
 * be read is skipped, as dtrace skips it. */
#ifndef USDTRACE_DLIB_H
#define USDTRACE_DLIB_H
#include "dparse.h"

int dlib_load(struct dprog *g, const char *const *dirs, int ndirs);
#endif
