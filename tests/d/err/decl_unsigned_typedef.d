/* signed and unsigned apply to integer type keywords only: after them a typedef name is a
 * type they may not qualify (Guide, "Type and Constant Definitions"; dtrace's message). */
typedef int myint;
unsigned myint x;
BEGIN { exit(0); }
