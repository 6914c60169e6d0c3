/* Unit tests for util.c: string buffers and growth. */
#include "t.h"
#include "util.h"

T_CASE(strbuf_grows_and_formats)
{
	struct strbuf b = {0};
	for (int i = 0; i < 1000; i++)
		strbuf_printf(&b, "%d,", i);
	T_CHECK(b.len > 3000);
	T_CHECK(strncmp(b.s, "0,1,2,", 6) == 0);
	char *s = strbuf_take(&b);
	T_CHECK(b.s == NULL && b.len == 0);
	T_EQ_STR(s + strlen(s) - 4, "999,");
	free(s);
}

T_CASE(strbuf_long_printf)
{
	struct strbuf b = {0};
	char big[1000];
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	strbuf_printf(&b, "[%s]", big);
	T_EQ_INT(b.len, 1001);
	T_CHECK(b.s[0] == '[' && b.s[1000] == ']');
	strbuf_free(&b);
}

T_CASE(xgrow_zero_fills)
{
	int *a = NULL;
	size_t cap = 0;
	xgrow(&a, sizeof(*a), &cap, 100);
	T_CHECK(cap >= 100);
	for (size_t i = 0; i < cap; i++)
		T_EQ_INT(a[i], 0);
	free(a);
}

T_CASE(seterr_returns_minus_one)
{
	char buf[16];
	T_EQ_INT(util_seterr(buf, sizeof(buf), "bad %d", 42), -1);
	T_EQ_STR(buf, "bad 42");
	T_EQ_INT(util_seterr(NULL, 0, "ignored"), -1);
}

T_MAIN()
