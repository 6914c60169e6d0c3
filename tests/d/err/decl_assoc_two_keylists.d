/* A second key list after an associative array's keys: D_DECL_DYNOBJ (DTrace for Linux's message). */
int a[int][char];
BEGIN { exit(0); }
