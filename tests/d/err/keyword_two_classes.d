/* `typedef int this;`: this after the type is a second storage class (dt_decl.c). */
typedef int this;

BEGIN
{
	exit(0);
}
