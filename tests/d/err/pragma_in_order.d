/* @opts: -x errtags */
/* A #pragma takes effect where it stands: its error comes before a later syntax error. */
inline int foo
#pragma D attributes not_attributes foo
BEGIN
{
}
