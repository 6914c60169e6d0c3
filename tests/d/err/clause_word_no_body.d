/* @opts: -x errtags */
/* A word that names no type, then another: read as a description without a body. */
define VALUE 5
BEGIN
{
}
