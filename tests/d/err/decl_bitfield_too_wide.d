/* @opts: -x errtags */
/* A bit-field wider than any integer (Guide, "Bit-Fields": at most the width of its type): D_DECL_BFSIZE. */
struct s { long a:65; };
BEGIN { exit(0); }
