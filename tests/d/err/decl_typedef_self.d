/* @opts: -x errtags */
/* typedef and self are both storage classes (Guide, "Thread-Local Variables"): only one per declaration (D_DECL_CLASS). */
typedef self int x;
BEGIN { exit(0); }
