/* An inline takes no storage class (Guide, "Inlines": inline type name = expression;
 * dtrace's grammar reads one after inline, and refuses it). */
inline static int X = 3;
BEGIN { exit(0); }
