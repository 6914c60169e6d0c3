/* An associative array of pointers declared clause-local is still an associative array
 * (Guide, "Clause-Local Variables": they may not be): dtrace's message names it. */
this int *a[int];
BEGIN { exit(0); }
