/* A pointer to translated data is of dtrace's dynamic type: no variable holds it, and the
 * message names a variable not yet typed by its kind (observed: dtrace -s).  */
struct o { int a; char c; };
struct i { int b; };
translator struct o < struct i *p > { a = p->b; };

BEGIN
{
	x = xlate<struct o *>((struct i *)0);
}
