/* @root */
/* Comments between every kind of token. */
#pragma D option quiet

/* before the clause */ BEGIN /* between the description and the predicate */
/ /* in the predicate */ 1 /* still */ /
{ /* after the brace */
	x /* in */ = /* an */ 1 /* assignment */;
	printf("%d\n", x); /* after the statement */
	exit(0);
} /* after the clause */
