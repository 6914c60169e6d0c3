/* @root */
/* A char array in kernel memory (task_struct's comm) passed to the string subroutines: its
 * characters, as the Guide's "Strings" makes char arrays string-compatible. Each result equals
 * the same subroutine over execname (the same characters), whichever program runs this; dtrace
 * prints "1" for each (observed: dtrace -qs this file). One call per clause: dtrace's BPF
 * program for several of them in one clause is too large for the verifier (index() over two of them is, even alone). */
#pragma D option quiet

BEGIN { printf("%d\n", strlen(curthread->comm) == strlen(execname)); }
BEGIN { printf("%d\n", strjoin(curthread->comm, "x") == strjoin(execname, "x")); }
BEGIN { printf("%d\n", substr(curthread->comm, 1, 3) == substr(execname, 1, 3)); }
BEGIN { printf("%d\n", basename(curthread->comm) == execname); }
BEGIN { printf("%d\n", strstr(curthread->parent->comm, "") == curthread->parent->comm); }
BEGIN { exit(0); }
