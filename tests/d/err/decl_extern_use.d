/* @opts: -x errtags */
/* extern declares a kernel symbol (the Guide, 'External Symbols and Types'); DTrace for Linux
 * takes the declaration, and a use of a symbol that does not exist is an unknown name. */
extern int no_such_symbol_here;
BEGIN { trace(no_such_symbol_here); exit(0); }
