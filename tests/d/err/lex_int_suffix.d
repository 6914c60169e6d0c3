/* @opts: -x errtags */
/* An integer constant ends where D's does; letters after it are the next token. */
tick-1s
{
	x = 10ms;
}
