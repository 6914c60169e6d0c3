/* @root */
#pragma D option quiet
BEGIN {
printf("[%s] [%s] [%d]\n", strstr("abc", ""), strstr("", ""), strstr("", "a") == NULL);
printf("[%s] [%s] [%d] [%d]\n", strchr("abc", 'c'), strrchr("abcabc", 'b'), strchr("abc", 0) == NULL, strrchr("", 'a') == NULL);
printf("[%d] [%d] [%d]\n", index("abc", ""), rindex("abc", ""), index("", ""));
exit(0); }
