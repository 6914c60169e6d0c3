/* acct.d — provider file for tests/progs/usdt/acct_prov.c: struct account is only declared
 * here (its body is in acct.h, which this file does not include); struct owner is only named. */
struct account;

provider bank {
	probe op(struct account *a, int kind);
	probe who(struct owner *o);
};
