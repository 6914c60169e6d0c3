/*
 * bank.d — the probes of the example program. Compiled by `usdtrace -h` into bank_probes.h and
 * by `usdtrace -G` into bank_probes.o.
 */
typedef struct account {
	int id;
	long balance;
	char owner[16];
} account_t;

provider bank {
	/* A transfer begins: source and destination accounts, amount in cents. */
	probe transfer__start(account_t *from, account_t *to, long amount);
	/* A transfer ends: 0 on success, else an errno-style code. */
	probe transfer__done(int status);
	/* An audit line, only prepared when someone traces it. */
	probe audit(const char *message);
};
