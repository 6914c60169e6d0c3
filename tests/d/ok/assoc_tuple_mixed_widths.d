/* @root */
#pragma D option quiet
BEGIN { a["x", 1, (char)2, "y", (short)-3, 4ULL] = 7; b[(char)-1] = 1; b[255] = 2; printf("%d %d %d %d\n", a["x", 1, 2, "y", -3, 4], a["x", 1, 2, "y", -3, 5], b[-1], b[255]); exit(0); }
