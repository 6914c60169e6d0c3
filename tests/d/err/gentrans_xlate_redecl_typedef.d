/* A translator redeclared with a typedef of the first one's input: the message spells a
 * pointer input through the typedef (observed: dtrace -s prints "struct i *" for "i_t *").  */
struct o { int a; };
struct i { int b; };
typedef struct i i_t;

translator struct o < struct i *p > { a = p->b; };
translator struct o < i_t *q > { a = 1; };
