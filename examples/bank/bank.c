/* bank.c — the bundled example: a tiny bank that moves money between accounts and fires
 * usdtrace probes on the way. `make demo` builds it and traces it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct account {
	int id;
	long balance;
	char owner[16];
} account_t;

#include "bank_probes.h"

static int transfer(account_t *from, account_t *to, long amount)
{
	BANK_TRANSFER_START(from, to, amount);
	int status = 0;
	if (from->balance < amount) {
		status = 28; /* "no space": not enough money */
	} else {
		from->balance -= amount;
		to->balance += amount;
	}
	if (BANK_AUDIT_ENABLED()) {
		/* Formatting costs something, so it only happens while traced. */
		char msg[96];
		snprintf(msg, sizeof(msg), "%s -> %s: %ld (%s)", from->owner, to->owner, amount,
			 status ? "refused" : "ok");
		BANK_AUDIT(msg);
	}
	BANK_TRANSFER_DONE(status);
	return status;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 5;
	int delay_ms = argc > 2 ? atoi(argv[2]) : 0;
	account_t acct[3] = {{1, 1000, "alice"}, {2, 500, "bob"}, {3, 0, "carol"}};
	int refused = 0;
	for (int i = 0; i < rounds; i++) {
		account_t *from = &acct[i % 3], *to = &acct[(i + 1) % 3];
		refused += transfer(from, to, 100 + 150 * (i % 4)) != 0;
		if (delay_ms)
			usleep((useconds_t)delay_ms * 1000);
	}
	printf("%d transfers, %d refused; balances:", rounds, refused);
	for (int i = 0; i < 3; i++)
		printf(" %s=%ld", acct[i].owner, acct[i].balance);
	printf("\n");
	return 0;
}
