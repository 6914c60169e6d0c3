/* `int self;`: dtrace's grammar reads self after the type as a storage class (D's
 * storage classes are self and this, beside C's), so nothing is declared. */
int self;

BEGIN
{
	exit(0);
}
