/* @opts: -x errtags */
/* A comment still open at the end: reported on the last line. */
BEGIN
{
}
/* never closed
