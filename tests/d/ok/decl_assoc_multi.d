/* @opts: -q */
int a[int, string, char];
BEGIN { a[1, "x", 2] = 5; trace(a[1, "x", 2]); exit(0); }
