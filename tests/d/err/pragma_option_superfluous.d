/* @opts: -x errtags */
/* #pragma D option takes one word: name or name=value. */
#pragma D option nspec=24 * 44
BEGIN
{
}
