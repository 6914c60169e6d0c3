/* @root */
#pragma D option quiet
string s;
BEGIN { trace(strstr(NULL, "a") == NULL); }
BEGIN { trace(strstr("abc", NULL) == NULL); }
BEGIN { trace(strchr(NULL, 'a') == NULL); }
BEGIN { s = NULL; trace(strrchr(s, 'a') == NULL); }
ERROR { printf("fault %d at %x\n", arg4, arg5); }
BEGIN { exit(0); }
