/* @opts: -q */
/* a typedef is a type, not an identifier */
#pragma D binding "1.0" t
typedef int t;
BEGIN { exit(0); }
