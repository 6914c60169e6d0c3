/*
 * a comment over
 * several lines
 */
BEGIN /* here */ {
	/* and */ x = /* there */ 1 + ; // end
}
