/* bigstack.h — running the compiler's recursive walks on a stack sized for deep programs.
 *
 * The parser, checker and code generator walk expressions recursively. DTrace accepts nesting
 * up to its parser's 10,000-entry stack and operator chains of any length (1+1+...+1 with
 * 100,000 operators), far past what the 8 MB main-thread stack holds for our walks (ASan
 * builds use several times more per frame).
 *
 * Contract: bigstack_run(fn, arg) calls fn(arg) on a thread whose stack is BIGSTACK_SIZE bytes
 * (reserved address space; pages are touched, so committed, only as deep as the walk goes) and
 * returns when fn returns; the calling thread waits. Every signal is blocked in that thread, so
 * signals keep going to the caller as before. A call made while already on a big stack runs fn
 * directly. If the thread cannot be created, fn runs on the caller's stack (the depth bounds
 * of the front end still keep a too-deep program from overflowing an 8 MB stack). fn must not
 * use thread-local state of the caller. */
#ifndef USDTRACE_BIGSTACK_H
#define USDTRACE_BIGSTACK_H
#include <stdbool.h>
#include <stddef.h>
#define BIGSTACK_SIZE ((size_t)512 << 20)
void bigstack_run(void (*fn)(void *), void *arg);
/* Whether the caller runs on a big stack (inside bigstack_run's fn). */
bool bigstack_active(void);
#endif
