/* With the pspec option (here from a pragma, which applies from its line on), a word at the
 * outer scope is a probe description even where it could start a declaration. */
#pragma D option pspec

int*x
