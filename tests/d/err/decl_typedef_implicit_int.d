/* @opts: -x errtags */
/* With a storage class and no type D declares an int: "pint" is the name, new_t is extra. */
typedef pint new_t;
