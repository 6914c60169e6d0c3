/*
 * Translated data used as a whole value is of dtrace's dynamic type ("pointer to translated
 * data" / "translated data" in messages): refused by what uses it, in dtrace's words.
 * Expected: DTrace for Linux's message.
 */
BEGIN
{
	self->x = curlwpsinfo;
}
