/* @opts: -x errtags */
/* A typedef name declared again as a D variable (Guide, "Type Namespaces": typedefs and variables share the identifier namespace): D_DECL_IDRED. */
typedef int t;
self int t;
BEGIN { exit(0); }
