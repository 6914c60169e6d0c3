/* As gentrans_xlate_ptr_assign, to an associative array of declared type: the message
 * names that type (observed: dtrace -s).  */
struct o { int a; char c; };
struct i { int b; };
translator struct o < struct i *p > { a = p->b; };

string x[int];

BEGIN
{
	x[1] = xlate<struct o *>((struct i *)0);
}
