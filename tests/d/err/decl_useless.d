/* @opts: -x errtags */
/* A declaration that declares nothing. */
extern int;
