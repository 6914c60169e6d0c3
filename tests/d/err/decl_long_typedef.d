/* long applies to integer and floating-point keywords only: a typedef name after it is
 * refused (dtrace's message observed). */
typedef int myint;
long myint *p;
BEGIN { exit(0); }
