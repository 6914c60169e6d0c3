/* An inline names a value: an array type has none (Guide, "Inlines"; dtrace's message). */
inline int A[4] = 0;
BEGIN { exit(0); }
