/* @opts: -x errtags */
/* A string literal cannot span lines: reported on the line after the break. */
BEGIN
{
	s = "one
	two";
}
