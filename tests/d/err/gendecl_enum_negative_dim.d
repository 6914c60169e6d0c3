/* An enumerator may be an array's dimension (the Guide's "Type and Constant Definitions":
 * enumerators are integer constants). dtrace's enum types carry no sign, so a negative
 * enumerator there is a huge dimension, not a negative one (observed with
 * dtrace -n 'enum e { A = -1 }; int x[A]; BEGIN { }': array dimension too big; int x[-1] is
 * the positive-constant error instead). */
enum bounds { NONE = -1, SOME = 4 };
int ok[SOME];
int bad[NONE]; /* error here */

BEGIN
{
	exit(0);
}
