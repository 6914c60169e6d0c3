/* @root */
/* Integer constant arithmetic follows C: division truncates toward zero and the remainder
 * takes the sign of the dividend (Dynamic Tracing Guide, "Types, Operators, and Expressions":
 * D's arithmetic operators behave as ANSI C's). */
#pragma D option quiet

BEGIN
{
	printf("%d %d %d %d %d\n", 7 + 3, 7 - 10, 6 * 7, 7 / 2, 7 % 3);
	printf("%d %d %d %d\n", -7 / 2, -7 % 2, 7 / -2, 7 % -2);
	printf("%d %d\n", -8 / -3, -8 % -3);
	exit(0);
}
