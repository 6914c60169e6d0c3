/* "4 // 2": the first "/" is followed by "/", which makes it a predicate's end in
 * dtrace's lexer (not a division): the error is there, on line 7, quoting to the line's end */
BEGIN
{


	x = 4 //
	2;
}
