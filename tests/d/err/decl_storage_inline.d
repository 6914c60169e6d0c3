/* inline starts a definition of its own: after a storage class it is a syntax error there
 * (dtrace's grammar, observed). */
static inline int X = 3;
BEGIN { exit(0); }
