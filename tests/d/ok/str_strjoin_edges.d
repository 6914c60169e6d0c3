/* @root */
#pragma D option quiet
string s;
BEGIN { printf("[%s] [%s] [%s]\n", strjoin("", ""), strjoin("a", ""), strjoin("", "b")); }
BEGIN { s = NULL; printf("[%s]\n", strjoin("a", s)); }
BEGIN { printf("[%s]\n", strjoin(NULL, "b")); }
ERROR { printf("fault %d at %x\n", arg4, arg5); }
BEGIN { exit(0); }
