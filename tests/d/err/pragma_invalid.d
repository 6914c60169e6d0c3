/* @opts: -x errtags */
/* An unknown D pragma. */
#pragma D frobnicate
BEGIN
{
}
