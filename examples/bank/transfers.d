#!/usr/bin/env usdtrace -s
/*
 * transfers.d — trace the example bank (`make demo` runs it): every transfer with the
 * accounts' owners and balances read through the typed arguments the provider file declares
 * (args[0] is an account_t *), the audit line only formatted while traced, and refusals.
 *     usdtrace -s transfers.d -c './bank 6'
 */
#pragma D option quiet

bank$target:::transfer-start
{
	printf("%-6s (%4d) -> %-6s %4d\n", stringof(args[0]->owner), args[0]->balance,
	    stringof(args[1]->owner), args[2]);
}

bank$target:::audit
{
	printf("  audit: %s\n", copyinstr(arg0));
}

bank$target:::transfer-done
/args[0] != 0/
{
	printf("  refused: error %d\n", args[0]);
	refused++;
}

END
{
	printf("%d refused\n", refused);
}
