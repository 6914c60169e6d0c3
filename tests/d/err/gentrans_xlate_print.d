/* print() takes a pointer (its prototype is void *): translated data is refused by the
 * prototype check (observed: dtrace -s).  */
struct o { int a; char c; };
struct i { int b; };
translator struct o < struct i *p > { a = p->b; };

BEGIN
{
	print(xlate<struct o>((struct i *)0));
}
