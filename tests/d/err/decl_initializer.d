/* @opts: -x errtags */
/* D declarations have no initializers. */
int i = 0;
BEGIN
{
}
