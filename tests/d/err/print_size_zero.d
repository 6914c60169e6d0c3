/* print() through a pointer to a type without a size: nothing to print. */
struct fwd;

BEGIN
{
	print((struct fwd *)0);
}
