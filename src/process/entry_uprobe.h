/* entry_uprobe.h — a mark at a process's entry point that leaves nothing behind if we die: a
 * uprobe on the first instruction of the executable, for that process only, whose BPF program
 * sends the thread SIGURG. A ptrace tracer sees the signal's delivery stop once the instruction
 * has run; if the tracer dies first, the kernel removes the uprobe with the tracer's
 * descriptors, and a SIGURG already sent is ignored by default (no program code has run to
 * install a handler). childproc.c uses it to hold a -c command before main() instead of an
 * int3 that would kill the command were usdtrace killed during the dynamic loader's run.
 *
 * Contract: entry_uprobe_arm returns the perf event's descriptor (>= 0), or -1 when the mark
 * cannot be made here (no uprobe PMU, a BPF program the kernel refuses, SIGURG blocked in the
 * process, an entry instruction entry_uprobe_rewind could not undo): the caller then uses
 * its own means. entry_uprobe_disarm closes it without making the caller wait for the kernel
 * (the close runs on a detached thread: unregistering takes an RCU grace period); exit() waits
 * for the closes still running. */
#ifndef USDTRACE_ENTRY_UPROBE_H
#define USDTRACE_ENTRY_UPROBE_H
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#define ENTRY_UPROBE_SIGNAL SIGURG

/* The length of the instruction at a mark when it can be undone once it has run, 0 for any
 * other; *rsp_delta what undoing adds to %rsp. Running it again changes nothing a stopped
 * process could notice: endbr64; xor %ebp,%ebp at the entry point (at_entry: %rbp is 0 at
 * exec); a push (the word it wrote lies below the stack pointer put back), sub $imm,%rsp and
 * a constant into %eax at a function's first instruction, where %eax and the flags are dead
 * (main()). code = the
 * first bytes at the mark (at least 8). */
int entry_uprobe_rewind(const uint8_t *code, bool at_entry, uint64_t *rsp_delta);
int entry_uprobe_arm(pid_t pid, uint64_t entry);
void entry_uprobe_disarm(int fd);
#endif
