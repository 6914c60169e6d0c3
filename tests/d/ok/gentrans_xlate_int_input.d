/* An integer xlate input is not converted to the translator's integer parameter type: the
 * parameter stands for the input expression (Guide, "Translators": the input identifier names
 * the input in the member expressions), typed as declared but valued as the input; only the
 * member's own type cuts the result. Observed: dtrace -s prints these lines. */
#pragma D option quiet
struct o {
	short s;
	int i;
	long l;
	unsigned char uc;
	long sh;
	long dv;
};

translator struct o < uint8_t p > { s = p + 1; i = p; l = p * 2; uc = p; sh = p >> 1; dv = p / 3; };
translator struct o < long v > { s = v; i = v; l = v; uc = v; sh = v >> 1; dv = v / 3; };
BEGIN {
	this->iv = -2;
	printf("%d %d %d %d %d %d\n", xlate<struct o>(this->iv).s, xlate<struct o>(this->iv).i, xlate<struct o>(this->iv).l, xlate<struct o>(this->iv).uc, xlate<struct o>(this->iv).sh, xlate<struct o>(this->iv).dv);
	printf("%d %d %d\n", xlate<struct o>(300).s, xlate<struct o>(300).i, xlate<struct o>(300).l);
	printf("%d %d %d\n", xlate<struct o>(2147483646).s, xlate<struct o>(2147483646).i, xlate<struct o>(2147483646).l);
	this->c = (char)-5;
	printf("%d %d %d\n", xlate<struct o>(this->c).s, xlate<struct o>(this->c).i, xlate<struct o>(this->c).sh);
	exit(0);
}
