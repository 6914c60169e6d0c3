/* speculation() takes no argument (dt_open.c: "int()") */
BEGIN
{
	s = speculation(1); /* error here */
}
