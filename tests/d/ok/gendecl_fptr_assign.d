/* @opts: -q */
/* A pointer to a function of one prototype may take a pointer to a function of another: dtrace
 * keeps one type for the function pointers a D program writes (its messages call it "function
 * pointer"), so the Guide's pointer assignment rules find them the same type (observed with
 * dtrace -qn 'void (*fp)(void); BEGIN { fp = (int (*)(int))0x1000; printf("%p\n", fp); }'). */
void (*fp)(void);

BEGIN
{
	fp = (int (*)(int))0x1000;
	printf("%p\n", fp);
	exit(0);
}
