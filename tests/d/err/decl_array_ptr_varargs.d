/* A pointer to an array: the varargs dimension is refused there too. */
int (*x)[...];
BEGIN { exit(0); }
