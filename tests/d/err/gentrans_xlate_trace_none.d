/* trace() of an xlate that no translator makes: the translation is refused first
 * (Guide, "Translators": xlate needs a translator from the input's type to the output type;
 * observed: dtrace -s).  */
struct o { int a; char c; };
struct i { int b; };
translator struct o < struct i *p > { a = p->b; };

BEGIN
{
	trace(xlate<int>((struct i *)0));
}
