/* Translated data is made where it is used: & of it is refused (observed: dtrace -s).  */
struct o { int a; char c; };
struct i { int b; };
translator struct o < struct i *p > { a = p->b; };

BEGIN
{
	trace(&xlate<struct o>((struct i *)0));
}
