/* A character constant of 9 bytes is more than dtrace packs (D_CHR_OFLOW). */
BEGIN
{
	x = 'abcdefghi';
}
