/* @opts: -x errtags */
/* An enumerator's name declared again as a global variable: D_DECL_IDRED with both declarations on detail lines. */
enum e { A };
int A;
BEGIN { exit(0); }
