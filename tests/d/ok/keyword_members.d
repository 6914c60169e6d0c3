/* After `.` and `->` dtrace's lexer reads any word as a name (dt_lex.l's SIDENT state), so
 * kernel (BTF) members named like D keywords are reachable: struct platform_driver's `probe`
 * (a function pointer), struct kparam_string's `string`; and D variables after self-> and
 * this-> may be named so too (offsetof's member is not after `.`: `probe` there is an
 * error, tests/d/err/keyword_offsetof.d). Expected output from DTrace for Linux. */
#pragma D option quiet

BEGIN
{
	printf("%d\n", sizeof(((struct platform_driver *)0)->probe));
	printf("%d\n", sizeof(((struct kparam_string *)0)->string));
	self->string = 1;
	this->probe = 2;
	self->sizeof = 3;
	this->translator = 4;
	printf("%d\n", self->string + this->probe + self->sizeof + this->translator);
	exit(0);
}
