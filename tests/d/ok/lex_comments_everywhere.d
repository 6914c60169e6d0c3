/* @opts: -q */
/* comments in every position a blank may stand */
/**/BEGIN/**/,/**/END/**/
/* before the predicate */ /* */
/ /* inside */ 1 /* */ == /**/ 1 /**/ /
{ /* after the brace */
	/**/ printf(/* arg */ "%s\n" /* */, /* */ probename /**/ ) /* */ ; /* x */
	exit /**/ (0); /* end */
} /* after the clause */
/* at the end */
