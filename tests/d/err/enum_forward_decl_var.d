/* `enum tag;` declares a tag without enumerators (a CTF forward): a variable of that
 * type is incomplete until the enum is defined. */
enum zq_later;
this enum zq_later v;

BEGIN
{
	exit(0);
}
