/* count() takes no argument (dt_open.c: "void()"). */
BEGIN
{
	@a = count(1);
}
