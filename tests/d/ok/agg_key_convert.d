/* @root */
/* @opts: -q */
/*
 * Integer aggregation keys are converted to the aggregation's key type (its first use) as
 * dtrace's dt_cg_arglist casts each one (dt_cg_typecast): the 64-bit value passes unchanged to
 * a wider signed type, is cut to a narrower one or one of other signedness. With int keys,
 * @a[uc + uc] of uc = 200 is @a[400] (not the unsigned char 144) and @a[sc + sc] @a[-200];
 * with unsigned char keys, @b[1000] is @b[232]. Expected output: DTrace for Linux's.
 */
unsigned char uc;
signed char sc;
unsigned short us;
int i;
unsigned int u;

BEGIN
{
	uc = 200; sc = -100; us = 65535; i = -5; u = 4000000000;
	@a[1] = count(); @a[(char)2] = count(); @a[uc + uc] = count(); @a[sc + sc] = count();
	@b[uc] = count(); @b[(char)2] = count(); @b[uc + uc] = count(); @b[sc + sc] = count();
	@b[1000] = count();
	@c[sc, us] = count(); @c[i, i] = count(); @c[uc + uc, sc + sc] = count();
	@d[(long long)1] = count(); @d[sc + sc] = count(); @d[u] = count(); @d[u + u] = count();
	@e[u] = count(); @e[sc + sc] = count(); @e[i] = count();
	printa(@a); printa(@b); printa(@c); printa(@d); printa(@e);
	exit(0);
}
