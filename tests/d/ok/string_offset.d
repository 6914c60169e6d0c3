/* @root */
/* A string stands for a pointer to its first character in additive expressions (dt_parser.c
 * dt_cook_op2, DT_TOK_ADD/DT_TOK_SUB: "D permits strings to be treated as pointers"), so adding
 * n skips n characters, on either side of +, with constants and variables alike; at the end of
 * the string what is left is "". */
#pragma D option quiet

BEGIN
{
	s = "abcd";
	i = 2;
	printf("[%s] [%s] [%s] [%s]\n", s + 1, 1 + s, s + i, "abcd" + 4);
	printf("[%s] [%s]\n", (s + 1) + 1, s - -3);
	t = s + 3;
	printf("[%s] %d\n", t, strlen(s + 1));
	exit(0);
}
