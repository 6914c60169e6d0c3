/* @opts: -x errtags */
/* A D enum needs an enumerator; a backtick is part of a D name (a module scope). */
enum foo`bar
{
};
