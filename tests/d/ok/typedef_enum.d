/* @opts: -q */
typedef enum { X = 5 } ex_t;
ex_t v;
BEGIN { v = X; printf("%d\n", v); exit(0); }
