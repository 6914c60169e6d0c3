/* @root */
#pragma D option quiet
#pragma D option strsize=8
BEGIN { x = strjoin("abcd", "efgh"); y = strjoin("abc", "defg"); printf("%s %s %d %d\n", x, y, x == "abcdefg", strlen(strjoin(x, y))); exit(0); }
