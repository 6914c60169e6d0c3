/* Qualifiers with no type before a declarator name a type dtrace cannot look up (Guide,
 * "Type and Constant Definitions": a declaration needs a type; dtrace's message observed). */
const volatile *p;
BEGIN { exit(0); }
