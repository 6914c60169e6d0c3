/* @opts: -x errtags */
/* A typedef name defined again, even with the same type. */
typedef int my_t;
typedef int my_t;
