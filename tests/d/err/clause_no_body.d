/* @opts: -x errtags */
/* A description in a script needs a predicate or actions; reported at the description. */
profile-1
int i;
{
}
