/* @opts: -x errtags */
/* long and a struct: checked when the tag is named, at the token after it (the brace). */
long struct s
{
	int i;
};
