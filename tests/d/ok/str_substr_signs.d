/* @root */
#pragma D option quiet
BEGIN {
printf("[%s] [%s] [%s] [%s]\n", substr("hello", 1, 2), substr("hello", -2, 1), substr("hello", 1, -1), substr("hello", -3, -1));
printf("[%s] [%s] [%s] [%s]\n", substr("hello", 0), substr("hello", -9), substr("hello", 9), substr("hello", -9, 3));
printf("[%s] [%s] [%s] [%s]\n", substr("hello", 2, 0), substr("hello", -1, -9), substr("hello", 5, 1), substr("hello", -5, 9));
printf("[%s] [%s] [%s]\n", substr("", 0, 1), substr("hello", 0, -5), substr("hello", -6, 2));
exit(0); }
