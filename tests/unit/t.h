/* t.h — the unit-test harness: one binary per test file, one output line per case.
 *
 * Prints "ok - NAME" / "not ok - NAME: file:line: expr" in the protocol tests/run.sh counts.
 * T_CASE(name) { ... } defines a case; T_MAIN() runs every case in definition order. */
#ifndef T_H
#define T_H
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

struct t_case { const char *name; void (*fn)(void); };
extern struct t_case t_cases[];
extern int t_ncases;
static int t_failed_now;

#define T_CASE(n) \
	static void t_fn_##n(void); \
	__attribute__((constructor)) static void t_reg_##n(void) { \
		t_cases[t_ncases].name = #n; t_cases[t_ncases++].fn = t_fn_##n; } \
	static void t_fn_##n(void)

#define T_FAIL_(fmt, ...) do { if (!t_failed_now) printf("not ok - %s: %s:%d: " fmt "\n", \
	t_current, __FILE__, __LINE__, __VA_ARGS__); t_failed_now = 1; } while (0)
#define T_CHECK(e) do { if (!(e)) T_FAIL_("%s", #e); } while (0)
#define T_EQ_INT(a, b) do { long long t_a_ = (long long)(a), t_b_ = (long long)(b); \
	if (t_a_ != t_b_) T_FAIL_("%s == %lld, expected %lld", #a, t_a_, t_b_); } while (0)
#define T_EQ_UINT(a, b) do { unsigned long long t_a_ = (unsigned long long)(a), t_b_ = (unsigned long long)(b); \
	if (t_a_ != t_b_) T_FAIL_("%s == %#llx, expected %#llx", #a, t_a_, t_b_); } while (0)
#define T_EQ_STR(a, b) do { const char *t_a_ = (a), *t_b_ = (b); \
	if (!t_a_ || !t_b_ || strcmp(t_a_, t_b_) != 0) \
		T_FAIL_("%s == \"%s\", expected \"%s\"", #a, t_a_ ? t_a_ : "(null)", t_b_ ? t_b_ : "(null)"); } while (0)

static const char *t_current;
struct t_case t_cases[512];
int t_ncases;

#define T_MAIN() int main(void) { int bad = 0; \
	for (int i = 0; i < t_ncases; i++) { t_current = t_cases[i].name; t_failed_now = 0; \
		t_cases[i].fn(); if (!t_failed_now) printf("ok - %s\n", t_current); else bad++; \
		fflush(stdout); } \
	return bad ? 1 : 0; }
#endif
