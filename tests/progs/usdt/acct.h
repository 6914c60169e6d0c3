/* acct.h — the types of tests/progs/usdt/acct_*.c, known to the tracer only through DWARF:
 * the provider file (acct.d) names struct account without defining it. */
#ifndef ACCT_H
#define ACCT_H
enum kind { DEPOSIT = 1, WITHDRAW = 2, AUDIT = 7 };

struct owner {
	char name[32];
	int uid;
};

union tag {
	int id;
	char code[4];
};

struct account {
	long balance;
	struct {
		int year;
		short month;
	} opened;                  /* nested, anonymous type */
	int history[4];
	unsigned frozen : 1, tier : 3;
	int delta : 12;            /* signed */
	enum kind last;
	union tag tag;
	struct owner *owner;
	struct account *next;      /* recursive */
	unsigned long long big : 40;
	struct {
		int lo, hi;
		unsigned short q : 5, r : 6;
	};                         /* anonymous: its members are the account's */
};

/* Fill n accounts with values that differ per account, chained, and print what a D clause
 * reading each one should print (acct_print). */
static inline void acct_fill(struct account *a, struct owner *o, int i)
{
	static const char *const names[] = { "alice", "bob", "carol" };
	o->uid = 1000 + i;
	for (int k = 0; names[i % 3][k]; k++)
		o->name[k] = names[i % 3][k];
	a->balance = 100000L * (i + 1) - 7;
	a->opened.year = 2000 + i;
	a->opened.month = (short)(1 + i);
	for (int k = 0; k < 4; k++)
		a->history[k] = (i + 1) * 10 + k;
	a->frozen = (unsigned)(i & 1);
	a->tier = (unsigned)(i + 5) & 7;
	a->delta = -100 * (i + 1);
	a->last = i == 0 ? DEPOSIT : i == 1 ? WITHDRAW : AUDIT;
	a->tag.id = 0x41424344 + i;
	a->owner = o;
	a->big = 0xabcdef0000ULL + (unsigned long long)i;
	a->lo = 7 + i;
	a->hi = -8 - i;
	a->q = (unsigned short)(3 + i);
	a->r = (unsigned short)(40 + i);
}

/* balance year month history[2] frozen tier delta last tag.id name uid next->balance big
 * lo hi q r */
#define ACCT_FMT "%ld %d %d %d %u %u %d %d %d %s %d %ld %llu %d %d %u %u\n"
#define ACCT_VALS(a) (a)->balance, (a)->opened.year, (a)->opened.month, (a)->history[2], \
	(a)->frozen, (a)->tier, (a)->delta, (int)(a)->last, (a)->tag.id, (a)->owner->name, \
	(a)->owner->uid, (a)->next ? (a)->next->balance : 0L, (unsigned long long)(a)->big, \
	(a)->lo, (a)->hi, (unsigned)(a)->q, (unsigned)(a)->r
#endif
